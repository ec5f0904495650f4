import { z } from 'zod';
import type { DeliveryFigures, LaneTransit } from '../../shared/delivery-report';
import type { Queries } from '../db/database';
import { deliveredDay } from './board';
import { EVENT_LABELS, OCCURRENCE_KINDS, openOccurrences, standing } from './events';
import { laneOf } from './reads';
import { shipmentOf, shipmentsTable } from './rows';
import { eventsOfEach } from './sql-store';

// The deliveries of the weekly report (docs/requirements.md §12.14): counted from the shipments' rows
// and, for the transit and the open ocorrências, from the events of the few shipments they concern.

const median = (sorted: readonly number[]) =>
  sorted.length === 0
    ? 0
    : sorted.length % 2
      ? sorted[(sorted.length - 1) / 2]!
      : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;

const onTime = (rows: { promisedDate?: string; deliveredAt?: string }[]) => {
  const promised = rows.filter((row) => row.promisedDate && row.deliveredAt);
  return {
    promised: promised.length,
    onTime: promised.filter((row) => deliveredDay(row.deliveredAt!) <= row.promisedDate!).length,
  };
};

/** The week [since, until)'s deliveries, and the all-time figures beside the claims. */
export async function deliveryFigures(q: Queries, since: string, until: string): Promise<DeliveryFigures> {
  const week = (
    await q.all(
      `SELECT ${shipmentsTable.list('s.')} FROM shipments s
       WHERE s.status = 'delivered' AND s.delivered_at >= ? AND s.delivered_at < ?`,
      [since, until],
    )
  ).map(shipmentOf);
  const transits = new Map<string, number[]>();
  const weekEvents = await eventsOfEach(
    q,
    week.map(({ id }) => id),
  );
  for (const shipment of week) {
    const pickedUp = standing(weekEvents.get(shipment.id)!).find((event) => event.kind === 'picked_up');
    if (!pickedUp || !shipment.deliveredAt) continue;
    const hours = (Date.parse(shipment.deliveredAt) - Date.parse(pickedUp.occurredAt)) / 3_600_000;
    transits.set(laneOf(shipment), [...(transits.get(laneOf(shipment)) ?? []), hours]);
  }
  const byLane: LaneTransit[] = [...transits]
    .map(([lane, hours]) => ({ lane, deliveries: hours.length, medianHours: median(hours.toSorted((a, b) => a - b)) }))
    .toSorted((a, b) => b.deliveries - a.deliveries || a.lane.localeCompare(b.lane, 'pt-BR'));
  const kinds = OCCURRENCE_KINDS.map(() => '?').join(', ');
  const withOccurrences = await q.all(`SELECT DISTINCT shipment_id FROM shipment_events WHERE kind IN (${kinds})`, [
    ...OCCURRENCE_KINDS,
  ]);
  const open = new Map<string, number>();
  const occurrenceEvents = await eventsOfEach(
    q,
    withOccurrences.map((row) => z.string().parse(row.shipment_id)),
  );
  for (const events of occurrenceEvents.values())
    for (const event of openOccurrences(events))
      open.set(EVENT_LABELS[event.kind], (open.get(EVENT_LABELS[event.kind]) ?? 0) + 1);
  const all = await q.all("SELECT promised_date, delivered_at FROM shipments WHERE status = 'delivered'");
  const first = await q.get('SELECT min(created_at) AS since FROM shipments');
  const allRows = all.map((row) => ({
    ...(row.promised_date != null && { promisedDate: String(row.promised_date) }),
    ...(row.delivered_at != null && { deliveredAt: new Date(row.delivered_at as string).toISOString() }),
  }));
  return {
    delivered: week.length,
    ...onTime(week),
    byLane,
    openOccurrences: [...open].map(([label, count]) => ({ label, count })),
    allTime: {
      ...(first?.since != null && { since: new Date(first.since as string).toISOString() }),
      delivered: all.length,
      ...onTime(allRows),
    },
  };
}
