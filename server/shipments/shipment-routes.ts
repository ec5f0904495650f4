import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

import { auditContext } from '../module/audit';
import { fieldOf } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { readCode } from './code';
import { type Change, changeShipment } from './commands/change';
import { issueDriverLink, revokeDriverLink } from './commands/links';
import { recordEvent } from './commands/record-event';
import { type ShipmentContext, saoPauloInstant } from './context';
import { laneEstimate } from './driving/lane-estimate';
import { readCrew, readEvent, readKey, readPromise, readReason, type Values } from './forms';
import { driverPath } from './links';
import { type Names, pageOf, shipmentPath, whatsappLink } from './presenter';
import { qrSvg } from './qr';
import { fileOf } from './reads';
import type { ShipmentFile } from './shipment';
import { photoBytes, shipmentByCode } from './sql-store';

// /painel/embarques/{código} and its forms (docs/requirements.md §12.1, §12.5–§12.7). The page shows
// the customer's, the driver's and the recipient's data: each view writes `shipment.viewed` before
// it is sent, at most once an hour per member and shipment (§11.6). Every change is a command.

/** What a change's redirect says it saved (?salvo=…): only these words are shown. */
const SAVED = {
  aberto: 'Embarque aberto: o cliente recebeu o código por e-mail (se informado).',
  chave: 'Salvo: chave de acesso.',
  removida: 'Salvo: chave removida.',
  equipe: 'Salvo: veículo e motorista.',
  prazo: 'Salvo: data prometida.',
  evento: 'Salvo: evento registrado.',
  cancelado: 'Salvo: registro cancelado.',
  resolvida: 'Salvo: ocorrência resolvida.',
  revogado: 'Salvo: link do motorista revogado.',
} as const;

type Opened = { file: ShipmentFile };

export function shipmentRoutes(context: ShipmentContext): WorkplaceRoute[] {
  const { render, shipments, team, audit, freight, publicUrl, municipalities } = context;

  async function names(): Promise<Names> {
    const members = new Map((await team.everyMember()).map((member) => [member.id, member.name]));
    const integrations = new Map(
      (await shipments.db.all('SELECT id, name FROM integrations')).map((row) => [String(row.id), String(row.name)]),
    );
    return { members, integrations };
  }

  /** The shipment the path's code names, or the 404 page. */
  async function opened(req: Request, res: Response): Promise<Opened | undefined> {
    const read = readCode(String(req.params.code));
    const shipment = 'code' in read ? await shipmentByCode(shipments.db, read.code) : undefined;
    const file = shipment && (await fileOf(shipments.db, shipment.id));
    if (file) return { file };
    render(res, 404, 'shipmentMissing', {
      title: 'Embarque não encontrado',
      text: 'Este embarque não existe.',
      tone: 'error',
    });
  }

  /** The page, its view recorded first (it carries personal data). */
  async function show(
    req: Request,
    res: Response,
    status: number,
    file: ShipmentFile,
    extra: Omit<Parameters<typeof pageOf>[0], 'file' | 'names' | 'eventKey'> & { eventKey?: string } = {},
  ) {
    await audit.recordView({
      ...auditContext(req, res),
      action: 'shipment.viewed',
      leadIds: [file.id],
      detail: { code: file.code },
    });
    const estimate = await laneEstimate(freight, file.origin, file.destination, file.pickupFrom);
    render(
      res,
      status,
      'shipment',
      pageOf({
        file,
        names: await names(),
        eventKey: randomUUID(),
        ...(estimate && { estimate: estimate.text }),
        ...extra,
      }),
    );
  }

  const page: RequestHandler = async (req, res) => {
    const found = await opened(req, res);
    if (!found) return;
    const saved =
      typeof req.query.salvo === 'string' && Object.hasOwn(SAVED, req.query.salvo) ? req.query.salvo : undefined;
    await show(
      req,
      res,
      200,
      found.file,
      saved ? { notice: { kind: 'ok', text: SAVED[saved as keyof typeof SAVED] } } : {},
    );
  };

  /** A form's route: its values read, `act` given them; a refusal is the page with them (400). */
  const form =
    (
      name: string,
      fields: readonly string[],
      act: (
        file: ShipmentFile,
        values: Values,
        req: Request,
        res: Response,
      ) => Promise<{ saved: keyof typeof SAVED } | { errors: Record<string, string> }>,
    ): RequestHandler =>
    async (req, res) => {
      const found = await opened(req, res);
      if (!found) return;
      const values = Object.fromEntries(fields.map((field) => [field, fieldOf(req, field)]));
      const outcome = await act(found.file, values, req, res);
      if ('saved' in outcome) return res.redirect(303, `${shipmentPath(found.file.code)}?salvo=${outcome.saved}`);
      const text = Object.values(outcome.errors)[0] ?? 'Verifique os campos destacados e tente novamente.';
      const fresh = (await fileOf(shipments.db, found.file.id))!;
      await show(req, res, 400, fresh, {
        values,
        errors: outcome.errors,
        form: name,
        notice: { kind: 'error', text },
        ...(values.chave && name === 'evento' && { eventKey: values.chave }),
      });
    };

  const change = async (file: ShipmentFile, change: Change, req: Request, res: Response, field: string) => {
    const done = await changeShipment(shipments, file.id, change, auditContext(req, res));
    return done.outcome === 'refused' ? { errors: { [field]: done.message } } : undefined;
  };

  const addKey = form('chaves', ['documento', 'chave'], async (file, values, req, res) => {
    const read = readKey(values.documento ?? '', values.chave ?? '');
    if ('error' in read) return { errors: { chave: read.error } };
    return (await change(file, { kind: 'key.added', key: read.key }, req, res, 'chave')) ?? { saved: 'chave' };
  });

  const removeKey = form(
    'chaves',
    ['chave'],
    async (file, values, req, res) =>
      (await change(file, { kind: 'key.removed', digits: values.chave ?? '' }, req, res, 'chave')) ?? {
        saved: 'removida',
      },
  );

  const crew = form(
    'equipe',
    ['placa', 'veiculo', 'motorista', 'telefone', 'email_motorista', 'cnpj_destinatario'],
    async (file, values, req, res) => {
      const read = readCrew(values);
      if ('errors' in read) return { errors: read.errors };
      return (await change(file, { kind: 'fields', fields: read.fields }, req, res, 'placa')) ?? { saved: 'equipe' };
    },
  );

  const promise = form('prazo', ['data'], async (file, values, req, res) => {
    const read = readPromise(values.data ?? '', file.pickupFrom);
    if ('error' in read) return { errors: { data: read.error } };
    return (
      (await change(file, { kind: 'fields', fields: { promisedDate: read.date } }, req, res, 'data')) ?? {
        saved: 'prazo',
      }
    );
  });

  const EVENT_FIELDS = ['chave', 'tipo', 'data', 'hora', 'municipio', 'publico', 'recebedor', 'documento', 'nota'];
  const event = form('evento', EVENT_FIELDS, async (file, values, req, res) => {
    const read = readEvent(values, municipalities);
    const occurredAt = saoPauloInstant(values.data ?? '', values.hora ?? '');
    const errors = 'errors' in read ? { ...read.errors } : {};
    if (!occurredAt) errors.data = 'Informe o dia e a hora em que aconteceu.';
    if (!/^[0-9a-f-]{36}$/.test(values.chave ?? ''))
      errors.tipo = 'O formulário expirou: recarregue a página e registre de novo.';
    if (Object.keys(errors).length > 0 || 'errors' in read || !occurredAt) return { errors };
    const { member } = res.locals.signedIn!;
    const recorded = await recordEvent(
      shipments,
      file.id,
      {
        ...read.event,
        occurredAt,
        recordedBy: { kind: 'member', id: member.id },
        dedupeKey: `team:${file.id}:${values.chave}`,
      },
      auditContext(req, res),
    );
    if (recorded.outcome === 'refused')
      return { errors: { [recorded.field === 'occurredAt' ? 'data' : 'tipo']: recorded.message } };
    return { saved: 'evento' };
  });

  /** A cancellation's or a resolution's route: a new event naming the one in the path. */
  const referring = (kind: 'cancellation' | 'resolved') =>
    form('cancelar', ['motivo'], async (file, values, req, res) => {
      const reason = readReason(values, kind === 'cancellation');
      if ('error' in reason) return { errors: { motivo: reason.error } };
      const target = file.events.find(({ id }) => id === req.params.event);
      const { member } = res.locals.signedIn!;
      const recorded = await recordEvent(
        shipments,
        file.id,
        {
          kind,
          refersTo: String(req.params.event),
          occurredAt: new Date().toISOString(),
          audience: target?.audience ?? 'internal',
          ...reason,
          recordedBy: { kind: 'member', id: member.id },
          dedupeKey: `${kind}:${req.params.event}`,
        },
        auditContext(req, res),
      );
      if (recorded.outcome === 'refused') return { errors: { motivo: recorded.message } };
      return { saved: kind === 'cancellation' ? 'cancelado' : 'resolvida' };
    });

  /** A new driver's link, shown on this page, once: only its digest is kept. */
  const issue: RequestHandler = async (req, res) => {
    const found = await opened(req, res);
    if (!found) return;
    const issued = await issueDriverLink(
      shipments,
      found.file.id,
      fieldOf(req, 'enviar') === 'sim',
      auditContext(req, res),
    );
    if (issued.outcome !== 'issued') return res.redirect(303, shipmentPath(found.file.code));
    const url = new URL(driverPath(issued.token), publicUrl).href;
    const file = (await fileOf(shipments.db, found.file.id))!;
    const whatsapp = whatsappLink(
      file.driverPhone,
      `Link do embarque ${file.origin.city} → ${file.destination.city}: ${url}`,
    );
    await show(req, res, 200, file, {
      shown: { state: 'shown', url, qrSvg: qrSvg(url), ...(whatsapp && { whatsapp }), mailed: issued.mailed },
    });
  };

  const revoke: RequestHandler = async (req, res) => {
    const found = await opened(req, res);
    if (!found) return;
    await revokeDriverLink(shipments, found.file.id, auditContext(req, res));
    res.redirect(303, `${shipmentPath(found.file.code)}?salvo=revogado`);
  };

  /** A photo of the canhoto: a JPEG the site re-encoded, recorded as a view of the shipment first. */
  const photo: RequestHandler = async (req, res) => {
    const found = await opened(req, res);
    if (!found) return;
    const bytes = await photoBytes(shipments.db, found.file.id, String(req.params.photo));
    if (!bytes)
      return render(res, 404, 'shipmentMissing', {
        title: 'Foto não encontrada',
        text: 'Esta foto não existe.',
        tone: 'error',
      });
    await audit.recordView({
      ...auditContext(req, res),
      action: 'shipment.viewed',
      leadIds: [found.file.id],
      detail: { code: found.file.code, photo: String(req.params.photo) },
    });
    res
      .status(200)
      .set({
        'Content-Type': 'image/jpeg',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "sandbox; default-src 'none'",
      })
      .send(Buffer.from(bytes));
  };

  const base = '/painel/embarques/:code';
  return [
    pageRoute('GET', base, 'vendas', page),
    pageRoute('POST', `${base}/chaves`, 'vendas', addKey),
    pageRoute('POST', `${base}/chaves/remover`, 'vendas', removeKey),
    pageRoute('POST', `${base}/equipe`, 'vendas', crew),
    pageRoute('POST', `${base}/prazo`, 'vendas', promise),
    pageRoute('POST', `${base}/eventos`, 'vendas', event),
    pageRoute('POST', `${base}/eventos/:event/cancelar`, 'vendas', referring('cancellation')),
    pageRoute('POST', `${base}/eventos/:event/resolver`, 'vendas', referring('resolved')),
    pageRoute('POST', `${base}/motorista`, 'vendas', issue),
    pageRoute('POST', `${base}/motorista/revogar`, 'vendas', revoke),
    pageRoute('GET', `${base}/fotos/:photo`, 'vendas', photo),
  ];
}
