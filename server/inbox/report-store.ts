import type { Arrival, SourceCount } from '../../shared/inbox-report';
import type { Database, Row } from '../db/database';
import { CLOCK_START } from '../db/schema';

// The weekly report's reads (issue 34 §3; docs/requirements.md §6.4): counted in SQL, so that only
// one row per source and campaign, and one pair of instants per lead of the week, leave the database.
// Both read the week's rows by the arrival index (created_at, id) of migration 12.

export interface InboxReportStore {
  /** The leads that arrived in [since, until), by source and campaign, with how many are won and lost. */
  weekCounts(since: string, until: string): Promise<SourceCount[]>;
  /** When each of those leads' clock started (arrival, or release from Suspeitos), and when it was first answered. */
  weekArrivals(since: string, until: string): Promise<Arrival[]>;
}

const TABLES = ['contacts', 'quotes'] as const;
const IN_WEEK = 'WHERE created_at >= ? AND created_at < ?';
/** PostgreSQL's driver hands back a Date, SQLite the ISO text it stored. */
const instant = (value: unknown) => new Date(value as string | Date).toISOString();

export function sqlInboxReport(db: Database): InboxReportStore {
  return {
    async weekCounts(since, until) {
      const arms = TABLES.map(
        (table) =>
          `SELECT source_utm_source AS source, source_utm_campaign AS campaign, status FROM ${table} ${IN_WEEK}`,
      );
      // count and sum are bigint on PostgreSQL, handed back as text: Number() below.
      const rows = await db.all(
        'SELECT source, campaign, count(*) AS leads, ' +
          `sum(CASE WHEN status = 'won' THEN 1 ELSE 0 END) AS won, ` +
          `sum(CASE WHEN status = 'lost' THEN 1 ELSE 0 END) AS lost ` +
          `FROM (${arms.join(' UNION ALL ')}) AS week GROUP BY source, campaign`,
        [since, until, since, until],
      );
      return rows.map((row: Row) => ({
        ...(row.source != null && { source: String(row.source) }),
        ...(row.campaign != null && { campaign: String(row.campaign) }),
        leads: Number(row.leads),
        won: Number(row.won),
        lost: Number(row.lost),
      }));
    },

    async weekArrivals(since, until) {
      const rows = await db.all(
        TABLES.map((table) => `SELECT ${CLOCK_START} AS started_at, responded_at FROM ${table} ${IN_WEEK}`).join(
          ' UNION ALL ',
        ),
        [since, until, since, until],
      );
      return rows.map((row) => ({
        startedAt: instant(row.started_at),
        ...(row.responded_at != null && { respondedAt: instant(row.responded_at) }),
      }));
    },
  };
}
