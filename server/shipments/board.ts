import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import type { Queries } from '../db/database';
import { shipmentOf, shipmentsTable } from './rows';
import type { Shipment } from './shipment';

// The Embarques page's reads (docs/requirements.md §12.6): each list by the status index, bounded,
// the shipment's own row alone (its status and last event kept there by its events' transaction).

/** How long a load on the road may go without an event before it is late: a day. */
const STALE_MS = 24 * 3_600_000;
/** What each list shows at most: far above the fleet's trucks on the road at once. */
const LIMIT = 200;
/** How far back 'Entregues' goes. */
const DELIVERED_DAYS = 7;

const MOVING = `('picked_up', 'in_transit', 'arrived', 'out_for_delivery')`;
const FROM = `SELECT ${shipmentsTable.list('s.')} FROM shipments s`;

export type Board = {
  pickups: Shipment[];
  upcoming: Shipment[];
  moving: Shipment[];
  late: Shipment[];
  delivered: Shipment[];
};

/** The board on São Paulo's `today`, at `now`. */
export async function readBoard(q: Queries, today: string, now: Date): Promise<Board> {
  const stale = new Date(now.getTime() - STALE_MS).toISOString();
  const since = new Date(now.getTime() - DELIVERED_DAYS * 86_400_000).toISOString();
  const list = async (sql: string, params: string[]) =>
    (await q.all(`${FROM} ${sql} LIMIT ${LIMIT}`, params)).map(shipmentOf);
  return {
    pickups: await list(`WHERE s.status = 'scheduled' AND s.pickup_from <= ? ORDER BY s.pickup_from, s.seq`, [today]),
    upcoming: await list(`WHERE s.status = 'scheduled' AND s.pickup_from > ? ORDER BY s.pickup_from, s.seq`, [today]),
    moving: await list(`WHERE s.status IN ${MOVING} ORDER BY s.promised_date, s.seq`, []),
    late: await list(
      `WHERE s.status <> 'delivered' AND (s.promised_date < ? OR (s.status IN ${MOVING} AND s.last_event_at < ?))
       ORDER BY s.promised_date, s.seq`,
      [today, stale],
    ),
    delivered: await list(`WHERE s.status = 'delivered' AND s.delivered_at >= ? ORDER BY s.delivered_at DESC`, [since]),
  };
}

/** Whether a shipment is late on `today` at `now`, and why, in words (§12.6). */
export function lateness(s: Shipment, today: string, now: Date): string | undefined {
  if (s.status === 'delivered') return undefined;
  if (s.promisedDate && s.promisedDate < today) return 'passou da data prometida';
  const moving = !['scheduled', 'delivered'].includes(s.status);
  if (moving && s.lastEventAt && now.getTime() - Date.parse(s.lastEventAt) > STALE_MS)
    return `sem notícia há ${Math.floor((now.getTime() - Date.parse(s.lastEventAt)) / 3_600_000)} h`;
  return undefined;
}

/** On time, in words: for one delivered, whether by the promised date; else whether it still can be. */
export function punctuality(
  s: Shipment,
  today: string,
): 'no prazo' | 'atrasado' | 'entregue no prazo' | 'entregue com atraso' | undefined {
  if (!s.promisedDate) return undefined;
  if (s.status === 'delivered' && s.deliveredAt) {
    const day = deliveredDay(s.deliveredAt);
    return day <= s.promisedDate ? 'entregue no prazo' : 'entregue com atraso';
  }
  return today <= s.promisedDate ? 'no prazo' : 'atrasado';
}

/** The São Paulo day a delivery happened on: what the promise is kept by. */
export const deliveredDay = (at: string) => todayInSaoPaulo(new Date(at));
