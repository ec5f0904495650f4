import type { Queries } from '../db/database';
import type { ShipmentHook } from './messages';
import { shipmentResource } from './resource';
import type { Shipment, ShipmentEvent, ShipmentFile } from './shipment';
import { eventsOf, keysOf, liveDriverLink, photosOf, shipmentById } from './sql-store';

// Reads the module's commands and pages share: a shipment with all it carries, its lane in words,
// and the webhook of what just happened to it.

export async function fileOf(q: Queries, id: string): Promise<ShipmentFile | undefined> {
  const shipment = await shipmentById(q, id);
  if (!shipment) return undefined;
  const [keys, events, photos] = [await keysOf(q, id), await eventsOf(q, id), await photosOf(q, id)];
  const driverLinkAt = await liveDriverLink(q, id);
  return { ...shipment, keys, events, photos, ...(driverLinkAt && { driverLinkAt }) };
}

/** 'Campinas/SP → Belém/PA'. */
export const laneOf = ({ origin, destination }: Pick<Shipment, 'origin' | 'destination'>) =>
  `${origin.city}/${origin.state} → ${destination.city}/${destination.state}`;

export function hookRecord(
  type: ShipmentHook['type'],
  file: ShipmentFile,
  timestamp: string,
  event?: ShipmentEvent,
): ShipmentHook {
  const shipment = shipmentResource(file);
  const shown = event && shipment.events.find(({ id }) => id === event.id);
  return { type, timestamp, data: { shipment, ...(shown && { event: shown }) } };
}
