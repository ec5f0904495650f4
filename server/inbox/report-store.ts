import type { Arrival, SentProposal, SourceCount, WonProposal } from '../../shared/inbox-report';
import type { Database, Row } from '../db/database';
import { CLOCK_START } from '../db/schema';

// The weekly report's reads (docs/requirements.md §6.4): counted in SQL, so that only
// one row per source and campaign, and one pair of instants per lead of the week, leave the database.
// Both read the week's rows by the arrival index (created_at, id) of migration 12.

export interface InboxReportStore {
  /** The leads that arrived in [since, until), by source and campaign, with how many are won and lost. */
  weekCounts(since: string, until: string): Promise<SourceCount[]>;
  /** When each of those leads' clock started (arrival, or release from Suspeitos), and when it was first answered. */
  weekArrivals(since: string, until: string): Promise<Arrival[]>;
  /** The proposals sent in [since, until) (docs/requirements.md §9.6). */
  weekProposals(since: string, until: string): Promise<SentProposal[]>;
  /** The proposals accepted in [since, until), with their quote's lane and segment. */
  weekWon(since: string, until: string): Promise<WonProposal[]>;
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

    async weekProposals(since, until) {
      const rows = await db.all(
        `SELECT COALESCE(q.released_at, q.created_at) AS started_at, p.sent_at, p.answer, p.valid_until,
           CASE WHEN EXISTS (SELECT 1 FROM proposals e WHERE e.quote_id = p.quote_id AND e.seq < p.seq)
             THEN 0 ELSE 1 END AS first
         FROM proposals p JOIN quotes q ON q.id = p.quote_id WHERE p.sent_at >= ? AND p.sent_at < ?`,
        [since, until],
      );
      return rows.map((row) => ({
        quoteStartedAt: instant(row.started_at),
        sentAt: instant(row.sent_at),
        first: Number(row.first) === 1,
        ...(row.answer != null && { answer: String(row.answer) as SentProposal['answer'] }),
        validUntil: String(row.valid_until),
      }));
    },

    async weekWon(since, until) {
      const rows = await db.all(
        `SELECT q.origin_city, q.origin_state, q.destination_city, q.destination_state, q.segment, p.price_cents
         FROM proposals p JOIN quotes q ON q.id = p.quote_id
         WHERE p.answer = 'accepted' AND p.answered_at >= ? AND p.answered_at < ?`,
        [since, until],
      );
      return rows.map((row) => ({
        lane: `${row.origin_city}/${row.origin_state} → ${row.destination_city}/${row.destination_state}`,
        ...(row.segment != null && { segment: String(row.segment) }),
        priceCents: Number(row.price_cents),
      }));
    },
  };
}
