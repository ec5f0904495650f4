import { z } from 'zod';
import { date, flag, instant, integer, optional, real, text, textAs } from '../db/columns';
import type { Row } from '../db/database';
import { tableOf } from '../db/table';
import type { KeyKind } from './access-key';
import type { Audience, EventKind, ShipmentStatus } from './events';
import type { Place, Recorder, Shipment, ShipmentEvent, ShipmentKey } from './shipment';

// The module's tables read through their codecs (server/db/columns.ts), once: every statement of
// the module selects these lists and decodes with these.

export const shipmentsTable = tableOf('shipments', {
  id: text,
  code: text,
  quote_id: optional(text),
  proposal_id: optional(text),
  customer_name: optional(text),
  customer_email: optional(text),
  customer_company: optional(text),
  customer_cnpj: optional(text),
  recipient_cnpj: optional(text),
  origin_code: optional(text),
  origin_city: text,
  origin_state: text,
  destination_code: optional(text),
  destination_city: text,
  destination_state: text,
  cargo_type: optional(text),
  weight_tons: optional(real),
  pickup_from: date,
  pickup_to: date,
  delivery_days: optional(integer),
  promised_date: optional(date),
  vehicle_plate: optional(text),
  vehicle_class: optional(text),
  driver_name: optional(text),
  driver_phone: optional(text),
  driver_email: optional(text),
  status: textAs<ShipmentStatus>(),
  status_at: optional(instant),
  last_event_at: optional(instant),
  delivered_at: optional(instant),
  notices: flag,
  notices_token: optional(text),
  created_by: text,
  created_at: instant,
  updated_at: instant,
  erased_at: optional(instant),
});

export const keysTable = tableOf('shipment_keys', {
  kind: textAs<KeyKind>(),
  digits: text,
  cnpj: text,
  number: text,
});

export const eventsTable = tableOf('shipment_events', {
  id: text,
  seq: integer,
  shipment_id: text,
  kind: textAs<EventKind>(),
  occurred_at: instant,
  recorded_at: instant,
  municipality_code: optional(text),
  municipality: optional(text),
  audience: textAs<Audience>(),
  note: optional(text),
  recorded_by_kind: textAs<Recorder['kind']>(),
  recorded_by: optional(text),
  refers_to: optional(text),
  recipient_name: optional(text),
  recipient_document: optional(text),
  mailed: flag,
});

export const photosTable = tableOf('shipment_photos', {
  id: text,
  event_id: text,
  width: integer,
  height: integer,
});

/** A municipality as a column holds it: 'Belém/PA' beside its IBGE code. */
export const placeText = ({ city, state }: Pick<Place, 'city' | 'state'>) => `${city}/${state}`;

const placeOf = (code: string | undefined, written: string | undefined): Place | undefined => {
  const slash = written?.lastIndexOf('/') ?? -1;
  if (!written || slash < 0) return undefined;
  return { ...(code && { code }), city: written.slice(0, slash), state: written.slice(slash + 1) };
};

export function shipmentOf(row: Row): Shipment {
  const r = shipmentsTable.decode(row);
  const { originCode, originCity, originState, destinationCode, destinationCity, destinationState, ...rest } = r;
  return {
    ...rest,
    origin: { ...(originCode && { code: originCode }), city: originCity, state: originState },
    destination: { ...(destinationCode && { code: destinationCode }), city: destinationCity, state: destinationState },
  };
}

export const keyOf = (row: Row): ShipmentKey => keysTable.decode(row);

const recorderOf = (kind: Recorder['kind'], id: string | undefined): Recorder =>
  kind === 'member' || kind === 'integration' ? { kind, id: z.string().parse(id) } : { kind };

export function eventOf(row: Row): ShipmentEvent {
  const { municipalityCode, municipality, recordedByKind, recordedBy, ...rest } = eventsTable.decode(row);
  const place = placeOf(municipalityCode, municipality);
  return { ...rest, ...(place && { municipality: place }), recordedBy: recorderOf(recordedByKind, recordedBy) };
}
