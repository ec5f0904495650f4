import { type Request, type RequestHandler, Router } from 'express';
import getRawBody from 'raw-body';
import { Webhook } from 'standardwebhooks';
import { type MunicipalityIndex, resolveMunicipality } from '../../shared/municipalities';
import { ibgePlaces } from '../freight/places';
import type { AttemptLimiter } from '../http/attempt-limit';
import { BODY_LIMIT_BYTES } from '../http/body-limit';
import { allowOnly } from '../http/methods';
import { refuse, sendRefusal } from '../http/refusals';
import { fieldErrors } from '../http/validation';
import { isValidKey, keyDigits } from './access-key';
import { type InboundEvent, inboundEvent } from './api-schema';
import { readCode } from './code';
import { recordEvent } from './commands/record-event';
import type { ShipmentDeps } from './deps';
import { isStatusKind } from './events';
import { type Integration, integrationOfToken, liveIntegration } from './integrations';
import type { Place } from './shipment';
import { shipmentByCode, shipmentOfKey } from './sql-store';

// POST /api/shipment-events (docs/requirements.md §12.13): a TMS or a telematics provider posts an
// event, with its integration's bearer token, or to /api/shipment-events/{integração} signed under
// Standard Webhooks. Each integration's event id is one event, however often and wherever it comes;
// a malformed one is a 400 naming its fields, and nothing of a refused post is stored.

const BEARER = /^Bearer +(\S+) *$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Deps = { shipments: ShipmentDeps; municipalities: MunicipalityIndex; wrongTokens: AttemptLimiter };

const unauthorized = () => refuse('UNAUTHORIZED', { headers: { 'WWW-Authenticate': 'Bearer' } });

/** The shipment an event names: its code, or its CT-e's key. */
async function shipmentNamed(deps: Deps, named: string) {
  const code = readCode(named);
  if ('code' in code && code.checks) return shipmentByCode(deps.shipments.db, code.code);
  const key = keyDigits(named);
  if ('digits' in key && isValidKey(key.digits, 'cte')) return shipmentOfKey(deps.shipments.db, key.digits);
  return undefined;
}

function placeOf(index: MunicipalityIndex, given: InboundEvent['municipality']): Place | string | undefined {
  if (!given) return undefined;
  if ('ibge' in given) {
    const seat = ibgePlaces().placeOf(given.ibge);
    return seat ? { code: seat.code, city: seat.name, state: seat.uf } : 'Código IBGE desconhecido.';
  }
  const found = resolveMunicipality(index, given.city, given.state);
  if (found.kind !== 'found')
    return `Município não encontrado no IBGE: “${given.city}” em ${given.state.toUpperCase()}.`;
  const seat = ibgePlaces().placeNamed({ city: found.municipality.name, state: found.municipality.uf });
  return { ...(seat && { code: seat.code }), city: found.municipality.name, state: found.municipality.uf };
}

export function shipmentEventsApi(deps: Deps) {
  /** The event read, checked and recorded for `integration`: the reply is the event or a refusal. */
  async function record(req: Request, res: Parameters<RequestHandler>[1], integration: Integration, body: unknown) {
    const parsed = inboundEvent.safeParse(body);
    if (!parsed.success) return sendRefusal(req, res, refuse('INVALID_FIELDS', { errors: fieldErrors(parsed.error) }));
    const event = parsed.data;
    const place = placeOf(deps.municipalities, event.municipality);
    if (typeof place === 'string')
      return sendRefusal(req, res, refuse('INVALID_FIELDS', { errors: { municipality: place } }));
    const shipment = await shipmentNamed(deps, event.shipment);
    if (!shipment) return sendRefusal(req, res, refuse('SHIPMENT_NOT_FOUND'));
    const audience = event.audience ?? 'customer';
    const recorded = await recordEvent(
      deps.shipments,
      shipment.id,
      {
        kind: event.type,
        occurredAt: new Date(event.occurredAt).toISOString(),
        audience: isStatusKind(event.type) ? 'customer' : audience,
        ...(place && { municipality: place }),
        ...(event.note && { note: event.note }),
        ...(event.recipient && {
          recipientName: event.recipient.name,
          ...(event.recipient.document && { recipientDocument: event.recipient.document }),
        }),
        ...((event.cancels ?? event.resolves) && { refersTo: event.cancels ?? event.resolves }),
        recordedBy: { kind: 'integration', id: integration.id },
        dedupeKey: `integration:${integration.id}:${event.id}`,
      },
      { actor: { kind: 'token' }, ip: req.ip },
    );
    if (recorded.outcome === 'missing') return sendRefusal(req, res, refuse('SHIPMENT_NOT_FOUND'));
    if (recorded.outcome === 'refused') {
      const field =
        recorded.field === 'refersTo' ? (event.type === 'resolved' ? 'resolves' : 'cancels') : recorded.field;
      return sendRefusal(req, res, refuse('INVALID_FIELDS', { errors: { [field]: recorded.message } }));
    }
    const replayed = recorded.outcome === 'replayed';
    res
      .status(replayed ? 200 : 201)
      .set(replayed ? { 'Idempotent-Replayed': 'true' } : {})
      .json({
        success: true,
        message: replayed ? 'Evento já recebido.' : 'Evento registrado.',
        data: {
          id: recorded.event.id,
          type: recorded.event.kind,
          occurredAt: recorded.event.occurredAt,
          shipment: shipment.code,
        },
      });
  }

  /** The raw body, as its signature was made over it; a JSON body's text. */
  async function rawJson(req: Request) {
    if (!req.is('application/json')) throw refuse('UNSUPPORTED_MEDIA_TYPE');
    try {
      return (await getRawBody(req, {
        length: req.headers['content-length'],
        limit: BODY_LIMIT_BYTES,
        encoding: 'utf8',
      })) as string;
    } catch (error) {
      throw (error as { type?: string }).type === 'entity.too.large'
        ? refuse('BODY_TOO_LARGE')
        : refuse('INCOMPLETE_BODY');
    }
  }

  const parse = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw refuse('INVALID_JSON');
    }
  };

  /** A wrong token or signature takes a slot of the address's wrong tokens (§6.2); the right one is checked against it. */
  async function admitted(req: Request, found: Integration | undefined) {
    const address = req.ip ?? '';
    const slot = found ? await deps.wrongTokens.check(address) : await deps.wrongTokens.reserve(address);
    if (slot.limited)
      throw refuse('TOO_MANY_WRONG_TOKENS', String(Math.ceil(slot.retryAfterS / 60)), {
        headers: { 'Retry-After': String(slot.retryAfterS) },
      });
    if (!found) throw unauthorized();
    return found;
  }

  const byToken: RequestHandler = async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const token = BEARER.exec(req.get('Authorization') ?? '')?.[1];
    if (!token) throw unauthorized();
    const integration = await admitted(req, await integrationOfToken(deps.shipments.db, token));
    await record(req, res, integration, parse(await rawJson(req)));
  };

  const signed: RequestHandler = async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const id = String(req.params.integration);
    const text = await rawJson(req);
    const found = UUID.test(id) ? await liveIntegration(deps.shipments.db, id) : undefined;
    let verified: unknown;
    try {
      // Standard Webhooks: the signature over id, timestamp and body, the timestamp within 5 minutes.
      verified =
        found &&
        new Webhook(found.signingSecret).verify(text, {
          'webhook-id': req.get('webhook-id') ?? '',
          'webhook-timestamp': req.get('webhook-timestamp') ?? '',
          'webhook-signature': req.get('webhook-signature') ?? '',
        });
    } catch {
      verified = undefined;
    }
    const integration = await admitted(req, verified ? found : undefined);
    await record(req, res, integration, verified);
  };

  const router = Router({ caseSensitive: true, strict: true });
  router.route('/').all(allowOnly('POST')).post(byToken);
  router.route('/:integration').all(allowOnly('POST')).post(signed);
  return router;
}
