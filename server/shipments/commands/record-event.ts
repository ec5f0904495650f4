import type { Queries } from '../../db/database';
import { type By, lockShipment, type ShipmentDeps } from '../deps';
import { type Audience, type EventKind, isMailed, isOccurrence, openOccurrences, standing } from '../events';
import { digestOf, newToken } from '../links';
import { shipmentOutbox } from '../messages';
import { fileOf, hookRecord, laneOf } from '../reads';
import type { Place, Recorder, ShipmentEvent } from '../shipment';
import {
  endDriverLinks,
  eventByDedupe,
  eventsOf,
  insertEvent,
  insertPhoto,
  markMailed,
  refreshStatus,
  setProofLink,
  shipmentById,
} from '../sql-store';

// Recording an event (docs/requirements.md §12.5), whoever sends it: a member, the driver's page,
// an integration. One transaction: the event, its photos, the status it leaves, the driver's link
// ended and the proof's made at the delivery, the audit line, the customer's notice and the webhook.
// The same sender's intent twice (its dedupe key) stores nothing new and answers as the first.

/** How far ahead of the server's clock an event may be (a phone's clock a little fast), and how far back. */
const AHEAD_MS = 5 * 60_000;
const BACK_MS = 30 * 86_400_000;

export type EventInput = {
  kind: EventKind;
  occurredAt: string;
  audience: Audience;
  municipality?: Place;
  note?: string;
  recordedBy: Recorder;
  refersTo?: string;
  recipientName?: string;
  recipientDocument?: string;
  dedupeKey: string;
  /** The canhoto's photos, already re-encoded (§12.8). */
  photos?: readonly { jpeg: Uint8Array; width: number; height: number }[];
};

/** A refusal names the field it is about, in the API's names (§12.13); the forms map it to theirs. */
export type Recorded =
  | { outcome: 'recorded' | 'replayed'; event: ShipmentEvent }
  | { outcome: 'refused'; field: 'occurredAt' | 'refersTo'; message: string }
  | { outcome: 'missing' };

/** Why an event cannot stand beside the shipment's others, if it cannot. */
function refusal(events: readonly ShipmentEvent[], input: EventInput, now: number): Recorded | undefined {
  const at = Date.parse(input.occurredAt);
  if (at > now + AHEAD_MS)
    return {
      outcome: 'refused',
      field: 'occurredAt',
      message: 'O horário do evento está no futuro: confira o relógio.',
    };
  if (at < now - BACK_MS)
    return {
      outcome: 'refused',
      field: 'occurredAt',
      message: 'O evento tem mais de 30 dias: registre-o pela central.',
    };
  if (input.kind !== 'cancellation' && input.kind !== 'resolved') return undefined;
  const named = events.find(({ id }) => id === input.refersTo);
  const fail = (message: string): Recorded => ({ outcome: 'refused', field: 'refersTo', message });
  if (!named) return fail('Este embarque não tem o registro indicado.');
  if (input.kind === 'cancellation') {
    if (named.kind === 'cancellation') return fail('Um cancelamento não pode ser cancelado.');
    if (!standing(events).includes(named)) return fail('Este registro já foi cancelado.');
    return undefined;
  }
  if (!isOccurrence(named.kind)) return fail('Só uma ocorrência pode ser resolvida.');
  if (!openOccurrences(events).includes(named)) return fail('Esta ocorrência já está resolvida ou cancelada.');
  return undefined;
}

export async function recordInTransaction(
  deps: ShipmentDeps,
  tx: Queries,
  shipmentId: string,
  input: EventInput,
  by: By,
  { quiet = false } = {},
): Promise<Recorded> {
  await lockShipment(deps.db, tx, shipmentId);
  const earlier = await eventByDedupe(tx, input.dedupeKey);
  if (earlier) return { outcome: 'replayed', event: earlier };
  const before = await shipmentById(tx, shipmentId);
  if (!before) return { outcome: 'missing' };
  const refused = refusal(await eventsOf(tx, shipmentId), input, Date.now());
  if (refused) return refused;
  const now = new Date().toISOString();
  const { photos = [], ...fields } = input;
  const event = await insertEvent(tx, { ...fields, shipmentId }, now);
  // Taken at the same moment by a post of this key for another shipment: that one stands.
  if (!event) return { outcome: 'replayed', event: (await eventByDedupe(tx, input.dedupeKey))! };
  for (const photo of photos) await insertPhoto(tx, { ...photo, shipmentId, eventId: event.id }, now);
  const status = await refreshStatus(tx, shipmentId, await eventsOf(tx, shipmentId));
  let proofToken: string | undefined;
  if (status === 'delivered' && before.status !== 'delivered') {
    // The delivery ends the driver's link (§12.7) and makes the proof's, e-mailed to the customer (§12.12).
    await endDriverLinks(tx, shipmentId, now);
    proofToken = newToken();
    await setProofLink(tx, shipmentId, digestOf(proofToken));
  }
  await deps.audit.append(tx, {
    ...by,
    action: 'shipment.event',
    leadIds: [shipmentId],
    detail: {
      code: before.code,
      kind: event.kind,
      audience: event.audience,
      ...(photos.length && { photos: photos.length }),
    },
  });
  if (quiet) return { outcome: 'recorded', event };
  const file = (await fileOf(tx, shipmentId))!;
  const outbox = shipmentOutbox(deps.outbox);
  if (isMailed(event.kind, event.audience) && file.notices && file.customerEmail && file.noticesToken) {
    const queued = await outbox.enqueue(tx, {
      kind: 'shipment.notice',
      leadId: shipmentId,
      record: {
        to: file.customerEmail,
        code: file.code,
        lane: laneOf(file),
        ...(file.promisedDate && { promisedDate: file.promisedDate }),
        about: event.kind,
        occurredAt: event.occurredAt,
        ...(event.municipality && { municipality: `${event.municipality.city}/${event.municipality.state}` }),
        noticesToken: file.noticesToken,
        ...(event.kind === 'delivered' && proofToken && { proofToken }),
      },
    });
    if (queued) await markMailed(tx, event.id);
  }
  await outbox.enqueue(tx, {
    kind: 'shipment.event',
    leadId: shipmentId,
    record: hookRecord('shipment.event', file, now, event),
  });
  return { outcome: 'recorded', event: (await eventByDedupe(tx, input.dedupeKey))! };
}

export const recordEvent = (deps: ShipmentDeps, shipmentId: string, input: EventInput, by: By) =>
  deps.db.transaction((tx) => recordInTransaction(deps, tx, shipmentId, input, by));
