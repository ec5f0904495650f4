import { type Request, type RequestHandler, type Response, Router } from 'express';
import { trackingEntry } from '../../shared/content';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { AttemptLimiter } from '../http/attempt-limit';
import { readBody } from '../http/body';
import { allowOnly } from '../http/methods';
import { refuse } from '../http/refusals';
import { codeText } from './code';
import { stopShipmentNotices } from './commands/links';
import type { ShipmentDeps } from './deps';
import { standing } from './events';
import { digestOf, isToken, noticesPath, proofPath } from './links';
import { fileOf, laneOf } from './reads';
import { photoBytes, shipmentByNoticesToken, shipmentByProofLink } from './sql-store';
import { ProofPage } from './views/ProofPage';
import type { RenderPublicPage } from './views/PublicDocument';
import { MessagePage } from './views/TrackingPage';

// What the shipper reaches by the links e-mailed to them (docs/requirements.md §12.10, §12.12): the
// proof of delivery, each opening an audit line before it is sent, and the one link that stops the
// notices, which a GET only offers (mail scanners open every link) and a POST does.

/** Wrong links per address, as the proposal's: past the limit the right one is refused too. */
export const WRONG_CUSTOMER_LINKS = { name: 'wrong-shipment-link', limit: 10, windowMs: 60_000 } as const;

type Deps = {
  shipments: ShipmentDeps;
  render: RenderPublicPage;
  wrongLinks: AttemptLimiter;
  crossSite: RequestHandler;
};

export function customerRouter({ shipments, render, wrongLinks, crossSite }: Deps) {
  const notFound = (res: Response) =>
    render(
      res,
      404,
      'Link não encontrado',
      <MessagePage
        title="Link não encontrado"
        text="Este link não abre nada. Confira se ele foi copiado inteiro do e-mail."
        tone="error"
      />,
    );

  /** Counts a wrong link against the address; past the limit every link is refused, the right one too. */
  async function guarded<T>(req: Request, res: Response, find: (token: string) => Promise<T | undefined>) {
    const key = req.ip ?? '';
    const held = await wrongLinks.check(key);
    const tooMany = (retryAfterS: number) => {
      const { message } = refuse('TOO_MANY_WRONG_LINKS', String(Math.ceil(retryAfterS / 60)));
      res.set('Retry-After', String(retryAfterS));
      render(
        res,
        429,
        'Links errados demais',
        <MessagePage title="Links errados demais" text={message} tone="error" />,
      );
    };
    if (held.limited) return void tooMany(held.retryAfterS);
    const token = String(req.params.token);
    const found = isToken(token) ? await find(token) : undefined;
    if (found) return found;
    const slot = await wrongLinks.reserve(key);
    if (slot.limited) return void tooMany(slot.retryAfterS);
    notFound(res);
  }

  const proofOf = (token: string) => shipmentByProofLink(shipments.db, digestOf(token));

  const proof: RequestHandler = async (req, res) => {
    const shipment = await guarded(req, res, proofOf);
    if (!shipment) return;
    const file = (await fileOf(shipments.db, shipment.id))!;
    const delivered = standing(file.events).findLast((event) => event.kind === 'delivered');
    // Its view is recorded before the page is sent: the recipient's name and document, the photos.
    await shipments.db.transaction((tx) =>
      shipments.audit.append(tx, {
        actor: { kind: 'anonymous' },
        ip: req.ip,
        action: 'shipment.proof_viewed',
        leadIds: [file.id],
        detail: { code: file.code },
      }),
    );
    const photos = file.photos.filter((photo) => photo.eventId === delivered?.id);
    render(
      res,
      200,
      'Comprovante de entrega',
      <ProofPage
        code={codeText(file.code)}
        lane={laneOf(file)}
        recipient={delivered?.recipientName ?? 'não informado'}
        {...(delivered?.recipientDocument && { document: delivered.recipientDocument })}
        when={delivered ? readableInSaoPaulo(delivered.occurredAt) : '—'}
        {...(delivered?.municipality && {
          municipality: `${delivered.municipality.city}/${delivered.municipality.state}`,
        })}
        photos={photos.map((photo, i) => ({
          src: `${proofPath(String(req.params.token))}/fotos/${photo.id}`,
          alt: `Foto ${i + 1} do canhoto assinado`,
          width: photo.width,
          height: photo.height,
        }))}
      />,
    );
  };

  const photo: RequestHandler = async (req, res) => {
    const shipment = await guarded(req, res, proofOf);
    if (!shipment) return;
    const id = String(req.params.photo);
    const bytes = /^[0-9a-f-]{36}$/.test(id) ? await photoBytes(shipments.db, shipment.id, id) : undefined;
    if (!bytes) return notFound(res);
    await shipments.db.transaction((tx) =>
      shipments.audit.append(tx, {
        actor: { kind: 'anonymous' },
        ip: req.ip,
        action: 'shipment.proof_viewed',
        leadIds: [shipment.id],
        detail: { code: shipment.code, photo: id },
      }),
    );
    res
      .status(200)
      .set({
        'Content-Type': 'image/jpeg',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      })
      .send(Buffer.from(bytes));
  };

  const noticesOf = (token: string) => shipmentByNoticesToken(shipments.db, token);

  const offer: RequestHandler = async (req, res) => {
    const shipment = await guarded(req, res, noticesOf);
    if (!shipment) return;
    const stopped = !shipment.notices;
    render(
      res,
      200,
      'Avisos do embarque',
      stopped ? (
        <MessagePage
          title="Avisos do embarque"
          text={`Os avisos do embarque ${codeText(shipment.code)} já estão desligados.`}
          tone="ok"
        />
      ) : (
        <section className="team-card" aria-labelledby="avisos-titulo">
          <h1 id="avisos-titulo">Avisos do embarque {codeText(shipment.code)}</h1>
          <p>Você recebe um e-mail a cada etapa da carga {laneOf(shipment)}. Para parar:</p>
          <form method="post" action={noticesPath(String(req.params.token))}>
            <button className="button button--primary button--large" type="submit">
              Parar os avisos deste embarque
            </button>
          </form>
        </section>
      ),
    );
  };

  const stop: RequestHandler = async (req, res) => {
    const shipment = await guarded(req, res, noticesOf);
    if (!shipment) return;
    await stopShipmentNotices(shipments, String(req.params.token), { actor: { kind: 'anonymous' }, ip: req.ip });
    render(
      res,
      200,
      'Avisos do embarque',
      <MessagePage
        title="Avisos desligados"
        text={`Pronto: você não receberá mais e-mails do embarque ${codeText(shipment.code)}. O rastreio continua no site.`}
        tone="ok"
      />,
    );
  };

  const router = Router({ caseSensitive: true, strict: true });
  router.route('/comprovante/:token').all(allowOnly('GET')).get(proof);
  router.route('/comprovante/:token/fotos/:photo').all(allowOnly('GET')).get(photo);
  router
    .route(`${trackingEntry.path}/avisos/:token`)
    .all(allowOnly('GET', 'POST'))
    .get(offer)
    .post(crossSite, readBody, stop);
  return router;
}
