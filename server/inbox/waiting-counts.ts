import type { PromiseCutoffs, PromiseState } from '../../shared/business-hours';
import type { Database } from '../db/database';

/** How many leads still new stand where against the promise of "2 horas úteis". */
export interface WaitingLeadsStore {
  /** Leads still new by state, sorted by the arrival cutoffs of promiseCutoffs (shared/business-hours.ts). */
  waitingLeads(cutoffs: PromiseCutoffs): Promise<Record<PromiseState, number>>;
}

// One statement over both kinds: a lead's clock runs while it is new (docs/requirements.md §9.4), and a
// quote an older replica still writes as 'pending' during a rolling deploy is new too. Counting
// compares created_at with two instants, so no row's business time is worked out here.
const WAITING = `
  SELECT
    COUNT(CASE WHEN created_at < ? THEN 1 END) AS overdue,
    COUNT(CASE WHEN created_at >= ? AND created_at < ? THEN 1 END) AS at_risk,
    COUNT(CASE WHEN created_at >= ? THEN 1 END) AS within
  FROM (
    SELECT created_at FROM contacts WHERE status = 'new'
    UNION ALL
    SELECT created_at FROM quotes WHERE status IN ('new', 'pending')
  ) AS waiting`;

export const sqlWaitingLeads = (db: Database): WaitingLeadsStore => ({
  async waitingLeads({ overdue, atRisk }) {
    const [late, soon] = [overdue.toISOString(), atRisk.toISOString()];
    const row = await db.get(WAITING, [late, late, soon, soon]);
    return { within: Number(row?.within), at_risk: Number(row?.at_risk), overdue: Number(row?.overdue) };
  },
});
