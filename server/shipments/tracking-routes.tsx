import { type Request, type RequestHandler, Router } from 'express';
import { cnpjCharacters, isValidCnpj } from '../../shared/cnpj';
import { trackingEntry } from '../../shared/content';
import { readableDate, readableInSaoPaulo, todayInSaoPaulo } from '../../shared/sao-paulo-time';
import type { Queries } from '../db/database';
import type { AttemptLimiter } from '../http/attempt-limit';
import { allowOnly } from '../http/methods';
import { refuse } from '../http/refusals';
import { isValidKey, keyDigits } from './access-key';
import { punctuality } from './board';
import { codeText, readCode } from './code';
import { EVENT_LABELS, standing } from './events';
import { STATUS_LABELS } from './presenter';
import { laneOf } from './reads';
import type { Shipment } from './shipment';
import { eventsOf, shipmentByCode, shipmentOfInvoice, shipmentOfKey } from './sql-store';
import type { TrackingProps } from './views/model';
import type { RenderPublicPage } from './views/PublicDocument';
import { TrackingPage } from './views/TrackingPage';

// /rastreio (docs/requirements.md §12.9): the shipper's lookup. Every lookup is counted against the
// client's address before it is judged; whatever makes a lookup miss (a check that fails, a value no
// shipment has) gets the same page after the same statement, so that no answer tells which exist.

/** 60 lookups an hour per address, shared by the replicas on PostgreSQL: the rate §12.2's arithmetic assumes. */
export const LOOKUPS = { name: 'tracking-lookup', limit: 60, windowMs: 3_600_000 } as const;

type Query = TrackingProps['values'];

const param = (req: Request, name: string) => {
  const value = req.query[name];
  return typeof value === 'string' ? value.slice(0, 100) : undefined;
};

/** What was asked, as the database is asked it: a value that fails its check is still looked up. */
type Asked =
  | { by: 'code'; code: string }
  | { by: 'key'; digits: string; valid: boolean }
  | { by: 'invoice'; cnpj: string; number: string }
  | { errors: Record<string, string> };

function asked({ codigo, chave, cnpj, nf }: Query): Asked | undefined {
  if (codigo?.trim()) {
    const read = readCode(codigo);
    // A code whose check symbol fails is looked up all the same, and misses: the same answer.
    return 'error' in read ? { errors: { codigo: read.error } } : { by: 'code', code: read.code };
  }
  if (chave?.trim()) {
    const read = keyDigits(chave);
    if ('error' in read) return { errors: { chave: read.error } };
    return { by: 'key', digits: read.digits, valid: isValidKey(read.digits, 'cte') || isValidKey(read.digits, 'nfe') };
  }
  if (cnpj?.trim() || nf?.trim()) {
    const errors: Record<string, string> = {};
    if (!isValidCnpj(cnpj ?? '')) errors.cnpj = 'CNPJ inválido: confira os dígitos verificadores.';
    const number = (nf ?? '').replace(/\D/g, '').replace(/^0+/, '');
    if (!/^\d{1,9}$/.test(number)) errors.nf = 'Informe o número da nota fiscal, só com números (até 9).';
    return Object.keys(errors).length ? { errors } : { by: 'invoice', cnpj: cnpjCharacters(cnpj!), number };
  }
  return undefined;
}

async function lookUp(q: Queries, ask: Exclude<Asked, { errors: unknown }>): Promise<Shipment | undefined> {
  if (ask.by === 'code') return shipmentByCode(q, ask.code);
  if (ask.by === 'key') {
    const found = await shipmentOfKey(q, ask.digits);
    return ask.valid ? found : undefined;
  }
  return shipmentOfInvoice(q, ask.cnpj, ask.number);
}

/** The shipment as the public sees it: its status, promise and the customer's standing events, nothing of a person. */
async function shown(q: Queries, shipment: Shipment): Promise<TrackingProps['outcome']> {
  const today = todayInSaoPaulo();
  const said = punctuality(shipment, today);
  const events = standing(await eventsOf(q, shipment.id)).filter((event) => event.audience === 'customer');
  return {
    kind: 'found',
    code: codeText(shipment.code),
    lane: laneOf(shipment),
    status: STATUS_LABELS[shipment.status],
    ...(shipment.promisedDate && { promise: `Entrega prometida até ${readableDate(shipment.promisedDate)}.` }),
    ...(said && { punctuality: { text: said, late: said === 'atrasado' || said === 'entregue com atraso' } }),
    delivered: shipment.status === 'delivered',
    events: events.toReversed().map((event) => ({
      label: EVENT_LABELS[event.kind],
      when: readableInSaoPaulo(event.occurredAt),
      at: event.occurredAt,
      ...(event.municipality && { municipality: `${event.municipality.city}/${event.municipality.state}` }),
    })),
  };
}

export function trackingRouter({
  db,
  render,
  lookups,
}: {
  db: Queries;
  render: RenderPublicPage;
  lookups: AttemptLimiter;
}) {
  const page = (res: Parameters<RequestHandler>[1], status: number, props: TrackingProps) =>
    render(res, status, 'Rastrear carga', <TrackingPage {...props} />);

  const track: RequestHandler = async (req, res) => {
    const values: Query = {
      codigo: param(req, 'codigo'),
      chave: param(req, 'chave'),
      cnpj: param(req, 'cnpj'),
      nf: param(req, 'nf'),
    };
    const ask = asked(values);
    if (!ask) return page(res, 200, { values, errors: {} });
    // Counted before it is judged, found or not, well-formed or not (§12.9).
    const slot = await lookups.reserve(req.ip ?? '');
    if (slot.limited) {
      res.set('Retry-After', String(slot.retryAfterS));
      const { message } = refuse('TOO_MANY_LOOKUPS', String(Math.ceil(slot.retryAfterS / 60)));
      return page(res, 429, { values, errors: {}, outcome: { kind: 'limited', message } });
    }
    if ('errors' in ask) return page(res, 400, { values, errors: ask.errors });
    const shipment = await lookUp(db, ask);
    page(res, 200, { values, errors: {}, outcome: shipment ? await shown(db, shipment) : { kind: 'missing' } });
  };

  const router = Router({ caseSensitive: true, strict: true });
  router.route(trackingEntry.path).all(allowOnly('GET')).get(track);
  return router;
}
