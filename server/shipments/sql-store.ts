import { randomUUID } from 'node:crypto';
import type { Param, Queries, Row } from '../db/database';
import { type EventFacts, statusOf } from './events';
import { eventOf, eventsTable, keyOf, keysTable, photosTable, placeText, shipmentOf, shipmentsTable } from './rows';
import type { Place, Recorder, Shipment, ShipmentEvent, ShipmentKey } from './shipment';

// The module's statements (docs/requirements.md §12): they persist and read, in the transaction the
// caller gives (server/shipments/commands/), and decide nothing.

const SHIPMENT = `SELECT ${shipmentsTable.list('s.')} FROM shipments s`;
const EVENT = `SELECT ${eventsTable.list()} FROM shipment_events`;

/** What opening a shipment stores: every column the opening knows. */
export type NewShipment = Omit<
  Shipment,
  'id' | 'status' | 'notices' | 'createdAt' | 'updatedAt' | 'statusAt' | 'lastEventAt' | 'deliveredAt'
>;

/** A new event as stored; `dedupeKey` names the sender's intent, so that it is stored once. */
export type NewEvent = Omit<ShipmentEvent, 'id' | 'seq' | 'recordedAt' | 'mailed'> & { dedupeKey: string };

/** The columns a change of the team's may set (§12.1). */
export type ShipmentChange = Partial<
  Pick<
    Shipment,
    'promisedDate' | 'vehiclePlate' | 'vehicleClass' | 'driverName' | 'driverPhone' | 'driverEmail' | 'recipientCnpj'
  >
>;

const COLUMN_OF: Record<keyof ShipmentChange, string> = {
  promisedDate: 'promised_date',
  vehiclePlate: 'vehicle_plate',
  vehicleClass: 'vehicle_class',
  driverName: 'driver_name',
  driverPhone: 'driver_phone',
  driverEmail: 'driver_email',
  recipientCnpj: 'recipient_cnpj',
};

const one = async (q: Queries, where: string, params: Param[]) => {
  const row = await q.get(`${SHIPMENT} WHERE ${where}`, params);
  return row && shipmentOf(row);
};

export const shipmentById = (q: Queries, id: string) => one(q, 's.id = ?', [id]);
export const shipmentByCode = (q: Queries, code: string) => one(q, 's.code = ?', [code]);
export const shipmentOfProposal = (q: Queries, proposalId: string) => one(q, 's.proposal_id = ?', [proposalId]);
export const shipmentByNoticesToken = (q: Queries, token: string) => one(q, 's.notices_token = ?', [token]);
export const shipmentByProofLink = (q: Queries, digest: string) => one(q, 's.proof_digest = ?', [digest]);

/** The shipment a key of 44 digits is on. */
export async function shipmentOfKey(q: Queries, digits: string) {
  const row = await q.get(`${SHIPMENT} JOIN shipment_keys k ON k.shipment_id = s.id WHERE k.digits = ?`, [digits]);
  return row && shipmentOf(row);
}

/**
 * The newest shipment with an NF-e numbered `number` whose issuer, customer or recipient is `cnpj`
 * (§12.9): the key carries the issuer's CNPJ and the number; the shipment, the other two.
 */
export async function shipmentOfInvoice(q: Queries, cnpj: string, number: string) {
  const row = await q.get(
    `${SHIPMENT} JOIN shipment_keys k ON k.shipment_id = s.id
     WHERE k.number = ? AND k.kind = 'nfe' AND (k.cnpj = ? OR s.customer_cnpj = ? OR s.recipient_cnpj = ?)
     ORDER BY s.seq DESC LIMIT 1`,
    [number, cnpj, cnpj, cnpj],
  );
  return row && shipmentOf(row);
}

export async function insertShipment(tx: Queries, id: string, shipment: NewShipment, at: string) {
  const { origin, destination } = shipment;
  await tx.run(
    `INSERT INTO shipments (id, code, quote_id, proposal_id, customer_name, customer_email, customer_company,
       customer_cnpj, recipient_cnpj, origin_code, origin_city, origin_state, destination_code, destination_city,
       destination_state, cargo_type, weight_tons, pickup_from, pickup_to, delivery_days, promised_date,
       vehicle_plate, vehicle_class, driver_name, driver_phone, driver_email, notices_token, status, created_by,
       created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'scheduled', ?, ?, ?)`,
    [
      id,
      shipment.code,
      shipment.quoteId ?? null,
      shipment.proposalId ?? null,
      shipment.customerName ?? null,
      shipment.customerEmail ?? null,
      shipment.customerCompany ?? null,
      shipment.customerCnpj ?? null,
      shipment.recipientCnpj ?? null,
      origin.code ?? null,
      origin.city,
      origin.state,
      destination.code ?? null,
      destination.city,
      destination.state,
      shipment.cargoType ?? null,
      shipment.weightTons ?? null,
      shipment.pickupFrom,
      shipment.pickupTo,
      shipment.deliveryDays ?? null,
      shipment.promisedDate ?? null,
      shipment.vehiclePlate ?? null,
      shipment.vehicleClass ?? null,
      shipment.driverName ?? null,
      shipment.driverPhone ?? null,
      shipment.driverEmail ?? null,
      shipment.noticesToken ?? null,
      shipment.createdBy,
      at,
      at,
    ],
  );
}

export async function updateShipment(tx: Queries, id: string, change: ShipmentChange, at: string) {
  const entries = Object.entries(change) as [keyof ShipmentChange, string | undefined][];
  const sets = entries.map(([key]) => `${COLUMN_OF[key]} = ?`);
  await tx.run(`UPDATE shipments SET ${[...sets, 'updated_at = ?'].join(', ')} WHERE id = ?`, [
    ...entries.map(([, value]) => value ?? null),
    at,
    id,
  ]);
}

/** Sets the proof's link digest (§12.12). */
export const setProofLink = (tx: Queries, id: string, digest: string) =>
  tx.run('UPDATE shipments SET proof_digest = ? WHERE id = ?', [digest, id]);

/** A driver's link, live or not, by its digest (§12.7): every link issued is kept. */
export async function driverLinkOf(q: Queries, digest: string) {
  const row = await q.get('SELECT shipment_id, ended_at FROM driver_links WHERE digest = ?', [digest]);
  return row && { shipmentId: String(row.shipment_id), ended: row.ended_at != null };
}

/** When the shipment's live driver's link was issued; undefined when none is live. */
export async function liveDriverLink(q: Queries, id: string) {
  const row = await q.get('SELECT issued_at FROM driver_links WHERE shipment_id = ? AND ended_at IS NULL', [id]);
  return row ? new Date(row.issued_at as string).toISOString() : undefined;
}

/** Ends the shipment's live driver's link, if any: how many ended. */
export const endDriverLinks = (tx: Queries, id: string, at: string) =>
  tx.run('UPDATE driver_links SET ended_at = ? WHERE shipment_id = ? AND ended_at IS NULL', [at, id]);

export async function issueDriverLinkRow(tx: Queries, id: string, digest: string, at: string) {
  await endDriverLinks(tx, id, at);
  await tx.run('INSERT INTO driver_links (digest, shipment_id, issued_at) VALUES (?, ?, ?)', [digest, id, at]);
}

export const stopNotices = (tx: Queries, id: string) =>
  tx.run('UPDATE shipments SET notices = 0 WHERE id = ? AND notices = 1', [id]);

export const keysOf = async (q: Queries, id: string): Promise<ShipmentKey[]> =>
  (await q.all(`SELECT ${keysTable.list()} FROM shipment_keys WHERE shipment_id = ? ORDER BY seq`, [id])).map(keyOf);

export const insertKey = (tx: Queries, id: string, key: ShipmentKey, at: string) =>
  tx.run('INSERT INTO shipment_keys (shipment_id, kind, digits, cnpj, number, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
    id,
    key.kind,
    key.digits,
    key.cnpj,
    key.number,
    at,
  ]);

export const deleteKey = (tx: Queries, id: string, digits: string) =>
  tx.run('DELETE FROM shipment_keys WHERE shipment_id = ? AND digits = ?', [id, digits]);

/** Shipments read in one statement at most: far under both databases' limits on parameters. */
const IDS_PER_STATEMENT = 500;

/** The events of each of the shipments `ids`, in the order they happened (then recorded). */
export async function eventsOfEach(q: Queries, ids: readonly string[]) {
  const events = new Map<string, ShipmentEvent[]>(ids.map((id) => [id, []]));
  for (let n = 0; n < ids.length; n += IDS_PER_STATEMENT) {
    const chunk = ids.slice(n, n + IDS_PER_STATEMENT);
    const marks = chunk.map(() => '?').join(', ');
    const rows = await q.all(`${EVENT} WHERE shipment_id IN (${marks}) ORDER BY occurred_at, seq`, chunk);
    for (const event of rows.map(eventOf)) events.get(event.shipmentId)!.push(event);
  }
  return events;
}

/** The shipment's events in the order they happened (then recorded). */
export const eventsOf = async (q: Queries, id: string): Promise<ShipmentEvent[]> =>
  (await eventsOfEach(q, [id])).get(id)!;

export async function eventByDedupe(q: Queries, key: string) {
  const row = await q.get(`${EVENT} WHERE dedupe_key = ?`, [key]);
  return row && eventOf(row);
}

const recorderColumns = (by: Recorder) => [by.kind, by.kind === 'member' || by.kind === 'integration' ? by.id : null];

/**
 * Stores the event unless its dedupe key is taken (by this sender's same intent, now or before, on
 * any replica): the event stored, or undefined when it was there already.
 */
export async function insertEvent(tx: Queries, event: NewEvent, at: string): Promise<ShipmentEvent | undefined> {
  const municipality: Place | undefined = event.municipality;
  const row = await tx.get(
    `INSERT INTO shipment_events (id, shipment_id, kind, occurred_at, recorded_at, municipality_code, municipality,
       audience, note, recorded_by_kind, recorded_by, refers_to, recipient_name, recipient_document, dedupe_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING ${eventsTable.list()}`,
    [
      randomUUID(),
      event.shipmentId,
      event.kind,
      event.occurredAt,
      at,
      municipality?.code ?? null,
      municipality ? placeText(municipality) : null,
      event.audience,
      event.note ?? null,
      ...recorderColumns(event.recordedBy),
      event.refersTo ?? null,
      event.recipientName ?? null,
      event.recipientDocument ?? null,
      event.dedupeKey,
    ],
  );
  return row && eventOf(row);
}

export const markMailed = (tx: Queries, eventId: string) =>
  tx.run('UPDATE shipment_events SET mailed = 1 WHERE id = ?', [eventId]);

/**
 * Keeps the shipment's status, the time of its last event and of its delivery as its events say
 * (events.ts), in the events' transaction: the board and /rastreio read them from the one row.
 */
export async function refreshStatus(tx: Queries, id: string, events: readonly EventFacts[]) {
  const { status, at } = statusOf(events);
  const last = events.reduce<string | undefined>(
    (latest, e) => (latest === undefined || e.occurredAt > latest ? e.occurredAt : latest),
    undefined,
  );
  await tx.run(
    'UPDATE shipments SET status = ?, status_at = ?, last_event_at = ?, delivered_at = ?, updated_at = ? WHERE id = ?',
    [status, at ?? null, last ?? null, status === 'delivered' ? (at ?? null) : null, new Date().toISOString(), id],
  );
  return status;
}

export const insertPhoto = (
  tx: Queries,
  photo: { shipmentId: string; eventId: string; jpeg: Uint8Array; width: number; height: number },
  at: string,
) =>
  tx.run(
    'INSERT INTO shipment_photos (id, shipment_id, event_id, bytes, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [randomUUID(), photo.shipmentId, photo.eventId, photo.jpeg, photo.width, photo.height, at],
  );

export const photosOf = async (q: Queries, id: string) =>
  (await q.all(`SELECT ${photosTable.list()} FROM shipment_photos WHERE shipment_id = ? ORDER BY seq`, [id])).map(
    (row: Row) => photosTable.decode(row),
  );

export async function photoBytes(q: Queries, shipmentId: string, photoId: string) {
  const row = await q.get('SELECT bytes FROM shipment_photos WHERE shipment_id = ? AND id = ?', [shipmentId, photoId]);
  return row ? (row.bytes as Uint8Array) : undefined;
}
