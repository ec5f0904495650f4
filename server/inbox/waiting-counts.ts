import type { PromiseCutoffs, PromiseState } from '../../shared/business-hours';
import type { Database } from '../db/database';
import { CLOCK_START } from '../db/schema';

/** How many leads still new stand where against the promise of "2 horas úteis". */
export interface WaitingLeadsStore {
  /** Leads still new by state, sorted by the arrival cutoffs of promiseCutoffs (shared/business-hours.ts). */
  waitingLeads(cutoffs: PromiseCutoffs): Promise<Record<PromiseState, number>>;
}

// A lead's clock runs while it is new (docs/requirements.md §9.4); a quote an older replica still writes
// as 'pending' during a rolling deploy is new too.
const NEW = { contacts: "status = 'new'", quotes: "status IN ('new', 'pending')" };

/**
 * Both kinds' new leads whose clock started in `range`: each count one range of the (status,
 * CLOCK_START) index, read without the table (SQLite: SEARCH … USING COVERING INDEX). Comparing
 * the clock's start with two instants works out no row's business time, and reads fewer rows than one
 * pass of CASEs over the table (docs/performance.md, "Inbox at 100,000 leads").
 */
const count = (range: string) =>
  Object.entries(NEW)
    .map(([table, isNew]) => `(SELECT COUNT(*) FROM ${table} WHERE ${isNew} AND ${range})`)
    .join(' + ');

const WAITING =
  `SELECT ${count(`${CLOCK_START} < ?`)} AS overdue, ` +
  `${count(`${CLOCK_START} >= ? AND ${CLOCK_START} < ?`)} AS at_risk, ${count(`${CLOCK_START} >= ?`)} AS within`;

export const sqlWaitingLeads = (db: Database): WaitingLeadsStore => ({
  async waitingLeads({ overdue, atRisk }) {
    const [late, soon] = [overdue.toISOString(), atRisk.toISOString()];
    const row = await db.get(WAITING, [late, late, late, soon, late, soon, soon, soon]);
    return { within: Number(row?.within), at_risk: Number(row?.at_risk), overdue: Number(row?.overdue) };
  },
});
