import { randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';
import sharp from 'sharp';
import request from 'supertest';
import { channelsOfKind } from '../../server/composition/messages';
import type { Repository } from '../../server/composition/repository';
import { sqlOutbox } from '../../server/outbox/sql-store';
import type { Opening } from '../../server/shipments/commands/open';
import { recordEvent } from '../../server/shipments/commands/record-event';
import { storeQuote } from './inbox';
import { signedInMember } from './members';
import { payloadOf } from './outbox';
import { propose } from './proposals';

/** A shipment as a member opens it for a customer who did not come through the site (docs/requirements.md §12.1). */
export const OPENING: Opening = {
  customerName: 'Marta Lima',
  customerEmail: 'marta@acme.com.br',
  customerCompany: 'Acme Alimentos',
  customerCnpj: '12345678000195',
  origin: { code: '3509502', city: 'Campinas', state: 'SP' },
  destination: { code: '1501402', city: 'Belém', state: 'PA' },
  cargoType: 'carga_geral',
  weightTons: 24,
  pickupFrom: '2026-12-02',
  pickupTo: '2026-12-03',
  deliveryDays: 7,
};

/** A proposal accepted on its page, as the customer does: the shipment its acceptance opened, by its code. */
export async function acceptedShipment(repository: Repository, app: RequestListener) {
  const { member } = await signedInMember(repository, 'vendas');
  const quoteId = await storeQuote(repository, { company: 'Bebidas do Norte' });
  const { token } = await propose(repository, quoteId, member);
  await request(app)
    .post(`/proposta/${token}/aceitar`)
    .set({ 'Sec-Fetch-Site': 'same-origin' })
    .type('form')
    .send({ aceito_por: 'Carlos Lima' })
    .expect(303);
  const row = await repository.shipments.db.get('SELECT id, code FROM shipments WHERE quote_id = ?', [quoteId]);
  return { id: String(row?.id), code: String(row?.code), quoteId };
}

/** A CT-e and an NF-e of Bebidas do Norte's CNPJ (12.345.678/0001-95), the NF-e numbered 4321: keys whose check digits hold (§12.3). */
export const CTE_KEY = '35261112345678000195570010000123451123456786';
export const NFE_KEY = '35261112345678000195550010000043211123456782';

/**
 * A quote's proposal accepted in `repository` (the server's own store, opened beside it), as the
 * customer's page accepts it: the shipment its acceptance opened (§12.1), with the token of its
 * stop-the-notices link (§12.10), which the notices' e-mail would carry.
 */
export async function openedShipment(repository: Repository) {
  const quoteId = await storeQuote(repository, { company: 'Bebidas do Norte' });
  const { member } = await signedInMember(repository, 'vendas');
  const { proposal } = await propose(repository, quoteId, member);
  await repository.proposals.answer(
    proposal,
    { answer: 'accepted', acceptedBy: 'Carlos Lima' },
    () => [{ subject: 'Aceita', text: 'Aceita' }],
    { actor: { kind: 'anonymous' } },
  );
  const row = await repository.shipments.db.get('SELECT id, code, notices_token FROM shipments WHERE quote_id = ?', [
    quoteId,
  ]);
  return { id: String(row?.id), code: String(row?.code), noticesToken: String(row?.notices_token) };
}

/** Every event of shipment `id` as stored, in the order recorded: what one tap must add once. */
export const storedEvents = async (repository: Repository, id: string) =>
  (
    await repository.shipments.db.all(
      'SELECT kind, occurred_at, recorded_at, municipality FROM shipment_events WHERE shipment_id = ? ORDER BY seq',
      [id],
    )
  ).map((row) => ({
    kind: String(row.kind),
    occurredAt: String(row.occurred_at),
    recordedAt: String(row.recorded_at),
    municipality: row.municipality === null ? undefined : String(row.municipality),
  }));

/**
 * A shipment opened as openedShipment opens it, on its way through Marabá/PA and then delivered to
 * José Souza with a photo of the canhoto, as the driver's page records them; the token of the proof's
 * link (§12.12), which only the delivery's e-mail carries: the events are recorded through an outbox
 * with e-mail on, as a server that mails writes them, and the notice is read back from it.
 */
export async function deliveredShipment(repository: Repository) {
  const shipment = await openedShipment(repository);
  const deps = {
    ...repository.shipments,
    outbox: sqlOutbox(repository.shipments.db, ['email'], channelsOfKind).writer,
  };
  const by = { actor: { kind: 'system' } } as const;
  const driven = { audience: 'customer', recordedBy: { kind: 'driver' } } as const;
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d8d2c4' } })
    .jpeg()
    .toBuffer();
  await recordEvent(
    deps,
    shipment.id,
    {
      ...driven,
      kind: 'in_transit',
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      municipality: { code: '1504208', city: 'Marabá', state: 'PA' },
      dedupeKey: randomUUID(),
    },
    by,
  );
  await recordEvent(
    deps,
    shipment.id,
    {
      ...driven,
      kind: 'delivered',
      occurredAt: new Date().toISOString(),
      recipientName: 'José Souza',
      recipientDocument: '123.456.789-09',
      photos: [{ jpeg, width: 64, height: 48 }],
      dedupeKey: randomUUID(),
    },
    by,
  );
  const notices = await repository.shipments.db.all(
    "SELECT payload FROM outbox WHERE lead_id = ? AND kind = 'shipment.notice'",
    [shipment.id],
  );
  const proofToken = notices.map((row) => payloadOf(row).proofToken as string | undefined).find(Boolean);
  if (!proofToken) throw new Error('a entrega não gerou o link do comprovante');
  return { ...shipment, proofToken };
}
