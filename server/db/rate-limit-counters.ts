import type { Database } from './database';

/** One client's count in one window, as the counters hold it after an increment. */
export type WindowCount = { hits: number; resetAt: Date };

/** Rate-limit counters that every replica shares (docs/requirements.md §10.4). */
export interface RateLimitCounters {
  /** Counts one more hit for `key`; a window that has ended starts again at 1, for `windowMs`. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes back one hit of the current window (express-rate-limit's skip options use it). */
  decrement(key: string): Promise<void>;
  /** The current window's count of `key`, without counting; undefined when none is running. */
  get(key: string): Promise<WindowCount | undefined>;
  reset(key: string): Promise<void>;
}

/** How often a replica removes the counters whose window has ended; clients come and go. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The counters in the rate_limits table. One upsert counts atomically on the database's clock, so
 * replicas that count the same client at once never lose a hit and agree on when its window ends.
 */
export function sqlRateLimitCounters(db: Database): RateLimitCounters {
  const { now, later } = db.dialect;
  let nextPrune = 0;
  return {
    async increment(key, windowMs) {
      if (Date.now() >= nextPrune) {
        nextPrune = Date.now() + PRUNE_EVERY_MS;
        await db.run(`DELETE FROM rate_limits WHERE reset_at <= ${now}`);
      }
      const row = await db.get(
        `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, ${later})
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.hits + 1 END,
           reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN excluded.reset_at ELSE rate_limits.reset_at END
         RETURNING hits, reset_at`,
        [key, windowMs],
      );
      return { hits: Number(row?.hits), resetAt: new Date(String(row?.reset_at)) };
    },
    async decrement(key) {
      await db.run(`UPDATE rate_limits SET hits = hits - 1 WHERE key = ? AND hits > 0 AND reset_at > ${now}`, [key]);
    },
    async get(key) {
      const row = await db.get(`SELECT hits, reset_at FROM rate_limits WHERE key = ? AND reset_at > ${now}`, [key]);
      return row && { hits: Number(row.hits), resetAt: new Date(String(row.reset_at)) };
    },
    async reset(key) {
      await db.run('DELETE FROM rate_limits WHERE key = ?', [key]);
    },
  };
}
