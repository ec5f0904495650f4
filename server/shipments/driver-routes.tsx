import { randomUUID } from 'node:crypto';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { company } from '../../shared/content';
import type { MunicipalityIndex } from '../../shared/municipalities';
import { readableDate, readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { AttemptLimiter } from '../http/attempt-limit';
import { readBody } from '../http/body';
import { allowOnly } from '../http/methods';
import { type ReceivedFile, readMultipart } from '../http/multipart';
import { Refusal, refuse } from '../http/refusals';
import { IMAGE_MAX_BYTES, type SpooledFile } from '../untrusted';
import { codeText } from './code';
import { recordEvent } from './commands/record-event';
import type { ShipmentDeps } from './deps';
import { EVENT_LABELS, OCCURRENCE_KINDS, standing } from './events';
import { nearestPlace, readEvent, type Values } from './forms';
import { digestOf, driverPath, isToken } from './links';
import { STATUS_LABELS } from './presenter';
import { laneOf } from './reads';
import type { Place, Shipment } from './shipment';
import { driverLinkOf, eventsOf, shipmentById } from './sql-store';
import { DriverPage } from './views/DriverPage';
import type { DriverPageProps, Notice } from './views/model';
import type { RenderPublicPage } from './views/PublicDocument';
import { MessagePage } from './views/TrackingPage';

// The driver's page, /motorista/{token} (docs/requirements.md §12.7, §12.8): no account, the link is
// the key. A wrong link counts against the address, as a proposal's does; an ended one says so. Each
// event is posted by a plain form (303 back) or by the offline island (JSON), once per key, with the
// time it happened; a delivery's photos are judged and re-encoded before anything is stored.

/** Wrong links per address, as the proposal's (server/proposals/public-routes.ts). */
export const WRONG_DRIVER_LINKS = { name: 'wrong-driver-link', limit: 10, windowMs: 60_000 } as const;
/** Events per link an hour: a day's load and a phone's queue flushed at once, not a flood. */
export const DRIVER_EVENTS = { name: 'driver-events', limit: 120, windowMs: 3_600_000 } as const;

/** The photos of one delivery: how many, and how large each as sent (the image check's own bound). */
const PHOTOS = { max: 4, maxBytes: IMAGE_MAX_BYTES };
/** How wide a photo is kept: a canhoto's signature and stamp read at a phone's width, a few hundred KB. */
export const PHOTO_WIDTH = 1600;
/** A delivery's multipart body: its photos and the form's fields around them (server/http/body-limit.ts). */
export const DRIVER_BODY_BYTES = PHOTOS.max * PHOTOS.maxBytes + 64 * 1024;
/** The path of a driver's event, whose body may carry photos. */
export const isDriverEventPath = (path: string) => /^\/motorista\/[A-Za-z0-9_-]{43}\/eventos$/.test(path);

const FIELDS = new Set(['chave', 'tipo', 'municipio', 'nota', 'recebedor', 'documento', 'lat', 'lon', 'quando']);

/** A delivery's photo, waiting on disk: judged by its content, re-encoded as a JPEG without metadata; or why not. */
export type PhotoJudge = (
  photo: SpooledFile,
  from: string,
) => Promise<{ jpeg: Uint8Array; width: number; height: number } | { problem: string; retry?: boolean }>;

type Deps = {
  shipments: ShipmentDeps;
  render: RenderPublicPage;
  municipalities: MunicipalityIndex;
  wrongLinks: AttemptLimiter;
  events: AttemptLimiter;
  crossSite: RequestHandler;
  judgePhoto: PhotoJudge;
  script: string;
};

const ENDED = `Este link foi encerrado: a entrega já foi registrada ou o link foi trocado. Fale com a central: ${company.phone.display}.`;

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

export function driverRouter(deps: Deps) {
  const { shipments, render } = deps;

  const message = (res: Response, status: number, title: string, text: string) =>
    render(res, status, title, <MessagePage title={title} text={text} tone="error" />);

  /** The live shipment the path's token opens; else the answer given (404, 410 or 429). */
  async function opened(req: Request, res: Response): Promise<{ shipment: Shipment; token: string } | undefined> {
    const key = req.ip ?? '';
    const refuseWith = (status: number, title: string, text: string, headers: Record<string, string> = {}) => {
      res.set(headers);
      if (wantsJson(req)) return void res.status(status).json({ success: false, message: text });
      message(res, status, title, text);
    };
    const held = await deps.wrongLinks.check(key);
    if (held.limited) {
      const { message: text } = refuse('TOO_MANY_WRONG_LINKS', String(Math.ceil(held.retryAfterS / 60)));
      return refuseWith(429, 'Links errados demais', text, { 'Retry-After': String(held.retryAfterS) });
    }
    const token = String(req.params.token);
    const link = isToken(token) ? await driverLinkOf(shipments.db, digestOf(token)) : undefined;
    const shipment = link && (await shipmentById(shipments.db, link.shipmentId));
    if (!link || !shipment) {
      const slot = await deps.wrongLinks.reserve(key);
      if (slot.limited) {
        const { message: text } = refuse('TOO_MANY_WRONG_LINKS', String(Math.ceil(slot.retryAfterS / 60)));
        return refuseWith(429, 'Links errados demais', text, { 'Retry-After': String(slot.retryAfterS) });
      }
      return refuseWith(
        404,
        'Link não encontrado',
        'Este link não abre nenhum embarque. Confira se ele foi copiado inteiro.',
      );
    }
    if (link.ended || shipment.status === 'delivered') return refuseWith(410, 'Link encerrado', ENDED);
    return { shipment, token };
  }

  async function show(
    res: Response,
    status: number,
    shipment: Shipment,
    token: string,
    extra: Partial<DriverPageProps> = {},
  ) {
    const events = standing(await eventsOf(shipments.db, shipment.id)).filter((e) => e.audience === 'customer');
    const props: DriverPageProps = {
      path: driverPath(token),
      code: codeText(shipment.code),
      lane: laneOf(shipment),
      status: STATUS_LABELS[shipment.status],
      ...(shipment.promisedDate && { promise: `entrega até ${readableDate(shipment.promisedDate)}` }),
      keys: {
        picked_up: randomUUID(),
        in_transit: randomUUID(),
        arrived: randomUUID(),
        delivered: randomUUID(),
        occurrence: randomUUID(),
      },
      errors: {},
      values: {},
      events: events.toReversed().map((e) => ({
        label: EVENT_LABELS[e.kind],
        when: readableInSaoPaulo(e.occurredAt),
        ...(e.municipality && { municipality: `${e.municipality.city}/${e.municipality.state}` }),
      })),
      occurrenceKinds: OCCURRENCE_KINDS.map((kind) => ({ value: kind, label: EVENT_LABELS[kind] })),
      ...extra,
    };
    render(res, status, 'Embarque', <DriverPage {...props} />, deps.script);
  }

  const page: RequestHandler = async (req, res) => {
    const found = await opened(req, res);
    if (!found) return;
    const said = typeof req.query.registrado === 'string' && Object.hasOwn(EVENT_LABELS, req.query.registrado);
    const notice: Notice | undefined = said
      ? { kind: 'ok', text: `Registrado: ${EVENT_LABELS[req.query.registrado as keyof typeof EVENT_LABELS]}.` }
      : undefined;
    await show(res, 200, found.shipment, found.token, notice ? { notice } : {});
  };

  /** The position the island sent, as its municipality: the only thing of it kept (§12.7). */
  const placeOfPosition = (values: Values): Place | undefined => {
    const [lat, lon] = [Number(values.lat), Number(values.lon)];
    if (!values.lat || !values.lon || !(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) return undefined;
    return nearestPlace(lat, lon);
  };

  /** The time it happened: the island's, as the phone's clock saw the tap; else now (a form sent online). */
  const occurredAt = (values: Values) => {
    const at = values.quando ? Date.parse(values.quando) : Number.NaN;
    return Number.isNaN(at) ? new Date().toISOString() : new Date(at).toISOString();
  };

  const post: RequestHandler = async (req, res) => {
    const found = await opened(req, res);
    if (!found) return;
    const { shipment, token } = found;
    const limited = await deps.events.reserve(digestOf(token));
    if (limited.limited) throw refuse('RATE_LIMITED', String(Math.ceil(limited.retryAfterS / 60)));
    const multipart = req.is('multipart/form-data');
    const { fields, files } = multipart
      ? await readMultipart(req, {
          fields: FIELDS,
          files: {
            field: 'fotos',
            max: PHOTOS.max,
            maxBytes: PHOTOS.maxBytes,
            tooLarge: 'PHOTO_TOO_LARGE',
            tooMany: 'TOO_MANY_PHOTOS',
          },
        })
      : {
          fields: Object.fromEntries(
            [...FIELDS].map((name) => [name, String((req.body as Values | undefined)?.[name] ?? '')]),
          ),
          files: [],
        };
    try {
      await answer(req, res, shipment, token, fields, files);
    } finally {
      // The photos wait on disk only until they are judged and stored, or refused (§12.8).
      await Promise.all(files.map((file) => file.spooled.discard()));
    }
  };

  /** The post's answer once its body is read: the event recorded, or the form again with why not. */
  async function answer(
    req: Request,
    res: Response,
    shipment: Shipment,
    token: string,
    fields: Record<string, string>,
    files: readonly ReceivedFile[],
  ) {
    const values: Values = Object.fromEntries([...FIELDS].map((name) => [name, fields[name] ?? '']));
    const place = placeOfPosition(values);
    const refused = async (errors: Record<string, string>) => {
      if (wantsJson(req))
        return void res
          .status(400)
          .json({ success: false, code: 'INVALID_FIELDS', message: Object.values(errors)[0], errors });
      await show(res, 400, shipment, token, {
        errors,
        values,
        notice: { kind: 'error', text: Object.values(errors)[0] ?? '' },
      });
    };
    const read = readEvent(values, deps.municipalities, place ? { place } : {});
    if ('errors' in read) return refused(read.errors);
    if (!/^[0-9a-f-]{36}$/.test(values.chave ?? ''))
      return refused({ chave: 'O formulário expirou: abra o link de novo.' });
    if (read.event.kind === 'delivered' && files.length === 0)
      return refused({ fotos: 'Tire ao menos uma foto do canhoto assinado.' });
    const photos = [];
    for (const file of files) {
      const judged = await deps.judgePhoto(file.spooled, req.ip ?? '');
      // Busy or away, the check passes by itself: 503, so that the phone keeps the event and sends it again.
      if ('problem' in judged && judged.retry) {
        res.set('Retry-After', '60');
        if (wantsJson(req)) return void res.status(503).json({ success: false, message: judged.problem });
        return show(res, 503, shipment, token, { values, notice: { kind: 'error', text: judged.problem } });
      }
      if ('problem' in judged) return refused({ fotos: judged.problem });
      photos.push(judged);
    }
    const recorded = await recordEvent(
      shipments,
      shipment.id,
      {
        ...read.event,
        occurredAt: occurredAt(values),
        recordedBy: { kind: 'driver' },
        dedupeKey: `driver:${shipment.id}:${values.chave}`,
        photos,
      },
      { actor: { kind: 'anonymous' }, ip: req.ip },
    );
    if (recorded.outcome === 'refused')
      return refused({ [recorded.field === 'occurredAt' ? 'quando' : 'tipo']: recorded.message });
    if (recorded.outcome === 'missing') throw refuse('SHIPMENT_NOT_FOUND');
    if (wantsJson(req))
      return void res
        .status(recorded.outcome === 'recorded' ? 201 : 200)
        .set(recorded.outcome === 'replayed' ? { 'Idempotent-Replayed': 'true' } : {})
        .json({
          success: true,
          message: `Registrado: ${EVENT_LABELS[recorded.event.kind]}.`,
          data: { id: recorded.event.id, kind: recorded.event.kind },
        });
    res.redirect(303, `${driverPath(token)}?registrado=${recorded.event.kind}`);
  }

  /** A refusal of the post itself (another site, its size, its rate): the page's frame, or JSON to the island. */
  const refusals = (error: unknown, req: Request, res: Response, next: (error?: unknown) => void) => {
    if (!(error instanceof Refusal)) return next(error);
    if (error.extras.headers) res.set(error.extras.headers);
    if (wantsJson(req))
      return void res.status(error.status).json({ success: false, code: error.code, message: error.message });
    message(res, error.status, 'Registro recusado', error.message);
  };

  const router = Router({ caseSensitive: true, strict: true });
  router.route('/motorista/:token').all(allowOnly('GET')).get(page);
  router
    .route('/motorista/:token/eventos')
    .all(allowOnly('POST'))
    .post(
      deps.crossSite,
      (req, res, next) => (req.is('multipart/form-data') ? next() : readBody(req, res, next)),
      post,
    );
  router.use(refusals);
  return router;
}
