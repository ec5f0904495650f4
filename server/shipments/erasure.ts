import { inSlices, type Queries } from '../db/database';
import type { Services } from '../module/contract';
import type { PersonalDataHooks } from '../module/personal-data';
import { fileOf } from './reads';
import { shipmentResource } from './resource';

// What LGPD asks of the shipments (docs/requirements.md §12.11), for server/personal-data/: a
// person's access, their erasure, and the retention, always in the caller's transaction. What fiscal
// law requires is kept (CTN art. 173 and 195; LGPD art. 16, I): the shipment's code, lane, dates,
// keys, CNPJ and the events' kinds, times and municipalities; what identifies a person goes.

/** The tables a shipment's personal data lives in: those the backend must let go of after an erasure. */
const SHIPMENT_TABLES = ['shipments', 'shipment_events', 'shipment_photos', 'driver_links', 'outbox'] as const;

/** What an erasure keeps of a shipment, and why: the reply's `kept`. */
const KEPT_BY_LAW =
  'Dos embarques ficam o código, o trajeto, as datas, as chaves do CT-e e da NF-e, o CNPJ e os eventos (tipo, hora e ' +
  'município), sem nomes, documentos, fotos nem notas: são registros de documentos fiscais, que a transportadora ' +
  'guarda até 5 anos após o ano em que o imposto podia ser lançado (CTN, art. 173 e 195; LGPD, art. 16, I).';

const FISCAL_YEARS = 5;

const BY_PERSON = 'lower(customer_email) = lower(?) OR lower(driver_email) = lower(?)';

/** The shipments under `email`, as the customer's or the driver's, with their events and the photos' bytes. */
async function subjectShipments(tx: Queries, email: string) {
  const rows = await tx.all(`SELECT id FROM shipments WHERE ${BY_PERSON} ORDER BY seq DESC`, [email, email]);
  const shown = [];
  for (const { id } of rows) {
    const file = (await fileOf(tx, String(id)))!;
    const photos = await tx.all('SELECT id, event_id, bytes FROM shipment_photos WHERE shipment_id = ? ORDER BY seq', [
      file.id,
    ]);
    shown.push({
      ...shipmentResource(file),
      photos: photos.map((photo) => ({
        id: String(photo.id),
        eventId: String(photo.event_id),
        jpegBase64: Buffer.from(photo.bytes as Uint8Array).toString('base64'),
      })),
    });
  }
  return shown;
}

/** Clears what identifies a person on the shipments `ids`: each column, the photos, the links, the queued messages. */
async function clearPeople(tx: Queries, ids: readonly string[], at: string) {
  for (const { ids: slice, placeholders } of inSlices(ids)) {
    await tx.run(
      `UPDATE shipments SET customer_name = NULL, customer_email = NULL, customer_company = NULL, driver_name = NULL,
         driver_phone = NULL, driver_email = NULL, notices = 0, notices_token = NULL, proof_digest = NULL,
         erased_at = ? WHERE id IN (${placeholders})`,
      [at, ...slice],
    );
    await tx.run(
      `UPDATE shipment_events SET note = NULL, recipient_name = NULL, recipient_document = NULL
       WHERE shipment_id IN (${placeholders})`,
      slice,
    );
    await tx.run(`DELETE FROM shipment_photos WHERE shipment_id IN (${placeholders})`, slice);
    await tx.run(`DELETE FROM driver_links WHERE shipment_id IN (${placeholders})`, slice);
    // A notice or a webhook not yet sent holds the person's address and name.
    await tx.run(`DELETE FROM outbox WHERE lead_id IN (${placeholders}) AND status = 'pending'`, slice);
  }
}

/** Erases the people of every shipment under `email`; resolves with the shipments' ids. */
async function eraseSubjectShipments(tx: Queries, email: string) {
  const ids = (await tx.all(`SELECT id FROM shipments WHERE ${BY_PERSON}`, [email, email])).map((row) =>
    String(row.id),
  );
  await clearPeople(tx, ids, new Date().toISOString());
  return ids;
}

/**
 * The retention (§12.11): the people of the shipments opened before `personal` (RETENTION_DAYS, with
 * the quotes); and the shipments whose fiscal years have run out at `now`, whole.
 */
async function purgeShipments(tx: Queries, personal: Date | undefined, now: Date) {
  let cleared = 0;
  if (personal) {
    const ids = (
      await tx.all('SELECT id FROM shipments WHERE created_at < ? AND erased_at IS NULL', [personal.toISOString()])
    ).map((row) => String(row.id));
    await clearPeople(tx, ids, now.toISOString());
    cleared = ids.length;
  }
  // Five years from the 1st of January after the delivery (or the opening): delivered in 2026, gone in 2032.
  const yearsAgo = new Date(Date.UTC(now.getUTCFullYear() - FISCAL_YEARS, 0, 1)).toISOString();
  const expired = (
    await tx.all('SELECT id FROM shipments WHERE COALESCE(delivered_at, created_at) < ?', [yearsAgo])
  ).map((row) => String(row.id));
  for (const { ids, placeholders } of inSlices(expired)) {
    for (const table of ['shipment_photos', 'shipment_events', 'shipment_keys', 'driver_links'])
      await tx.run(`DELETE FROM ${table} WHERE shipment_id IN (${placeholders})`, ids);
    await tx.run(`DELETE FROM outbox WHERE lead_id IN (${placeholders})`, ids);
    await tx.run(`DELETE FROM shipments WHERE id IN (${placeholders})`, ids);
  }
  return { cleared, expired: expired.length };
}

/** The module's part of a person's access, erasure and the retention (server/module/personal-data.ts). */
export const shipmentPersonalData = (_services: Services): PersonalDataHooks => ({
  tables: SHIPMENT_TABLES,
  async access(tx, { email }) {
    const shipments = await subjectShipments(tx, email);
    return { shipments: { entries: shipments, named: shipments.map(({ id }) => id) } };
  },
  async erase(tx, { email }) {
    const ids = await eraseSubjectShipments(tx, email);
    return { counts: { shipments: ids.length }, ...(ids.length > 0 && { facts: { kept: KEPT_BY_LAW } }) };
  },
  async purge(tx, { cutoffs }) {
    const { cleared, expired } = await purgeShipments(tx, cutoffs.leads, cutoffs.now);
    return { counts: { shipmentsCleared: cleared, shipmentsExpired: expired } };
  },
});
