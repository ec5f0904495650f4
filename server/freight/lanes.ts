import { appendAudit } from '../audit/sql-store';
import type { Database, Row } from '../db/database';
import { instant } from '../db/results';
import type { AuditContext } from '../module/audit';
import type { LaneKm } from './distance';

// The lane table the admin keeps (docs/requirements.md §9.5): road km between two municipalities,
// and the barge leg apart where the North needs one. A lane has no direction: it is stored once,
// the smaller IBGE code first, and found either way.

/** A lane as the admin sets it: two IBGE municipality codes, in either order. */
type LaneInput = LaneKm & { origin: string; destination: string };

type Lane = LaneKm & { places: [string, string]; setBy?: string; setAt: string };

type SetLane = { outcome: 'set'; lane: Lane } | { outcome: 'invalid'; problems: string[] };

export interface LaneStore {
  /** The lane between `a` and `b`, whichever was given first. */
  laneBetween(a: string, b: string): Promise<Lane | undefined>;
  /** Every lane, by their codes. */
  lanes(): Promise<Lane[]>;
  /** Adds the lane, or replaces its km; with its audit line. */
  setLane(input: LaneInput, by: AuditContext): Promise<SetLane>;
  /** False when there was no such lane. */
  removeLane(a: string, b: string, by: AuditContext): Promise<boolean>;
}

/** The longest road (or barge) leg a lane in Brazil may have: a typo's extra digit is refused. */
const MAX_KM = 9_999;

const pair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

function laneOf(row: Row): Lane {
  return {
    places: [String(row.place_a), String(row.place_b)],
    roadKm: Number(row.road_km),
    ...(row.barge_km != null && { bargeKm: Number(row.barge_km) }),
    ...(row.set_by != null && { setBy: String(row.set_by) }),
    setAt: instant(row.set_at)!,
  };
}

function problemsOf({ origin, destination, roadKm, bargeKm }: LaneInput) {
  const problems: string[] = [];
  const code = /^\d{7}$/;
  if (!code.test(origin) || !code.test(destination))
    problems.push('Informe a origem e o destino pelo código IBGE do município (7 dígitos).');
  else if (origin === destination) problems.push('A origem e o destino devem ser municípios diferentes.');
  const km = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_KM;
  if (!km(roadKm)) problems.push(`Informe os km por rodovia como inteiro de 1 a ${MAX_KM}.`);
  if (bargeKm !== undefined && !km(bargeKm)) problems.push(`Informe os km de balsa como inteiro de 1 a ${MAX_KM}.`);
  return problems;
}

const COLUMNS = 'place_a, place_b, road_km, barge_km, set_by, set_at';
const WHERE_PAIR = 'WHERE place_a = ? AND place_b = ?';

export function sqlLanes(db: Database): LaneStore {
  return {
    laneBetween: async (a, b) => {
      const row = await db.get(`SELECT ${COLUMNS} FROM freight_lanes ${WHERE_PAIR}`, pair(a, b));
      return row && laneOf(row);
    },

    lanes: async () => (await db.all(`SELECT ${COLUMNS} FROM freight_lanes ORDER BY place_a, place_b`)).map(laneOf),

    setLane: async (input, by) => {
      const problems = problemsOf(input);
      if (problems.length) return { outcome: 'invalid', problems };
      const places = pair(input.origin, input.destination);
      const setBy = by.actor.kind === 'member' ? by.actor.id : null;
      return db.transaction(async (tx): Promise<SetLane> => {
        const [row] = await tx.all(
          `INSERT INTO freight_lanes (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (place_a, place_b) DO UPDATE SET road_km = excluded.road_km,
               barge_km = excluded.barge_km, set_by = excluded.set_by, set_at = excluded.set_at
             RETURNING ${COLUMNS}`,
          [...places, input.roadKm, input.bargeKm ?? null, setBy, new Date().toISOString()],
        );
        const detail = { roadKm: input.roadKm, ...(input.bargeKm && { bargeKm: input.bargeKm }) };
        await appendAudit(tx, { ...by, action: 'freight.lane.set', subject: places.join('–'), detail });
        return { outcome: 'set', lane: laneOf(row!) };
      });
    },

    removeLane: (a, b, by) =>
      db.transaction(async (tx) => {
        const places = pair(a, b);
        if (!(await tx.run(`DELETE FROM freight_lanes ${WHERE_PAIR}`, places))) return false;
        await appendAudit(tx, { ...by, action: 'freight.lane.removed', subject: places.join('–') });
        return true;
      }),
  };
}
