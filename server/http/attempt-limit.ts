import type { RateLimitCounters, WindowCount } from '../db/rate-limit-counters';

/** Whether a key may try again now, and if not, in how many seconds its window ends. */
export type AttemptVerdict = { limited: boolean; retryAfterS: number };

/**
 * Failed attempts per key (an account, a client's address) in a fixed window: the API's wrong
 * bearer tokens, and the sign-in's codes and passkeys (docs/requirements.md §10.4; issue 33 §5).
 * Ask `check` before trying, `hit` after a failure, `reset` after a success where forgetting the
 * failures is safe.
 */
export interface AttemptLimiter {
  /** Without counting: limited once `limit` failures of this window are spent. */
  check(key: string): Promise<AttemptVerdict>;
  /** Counts one failure: limited when it is one past `limit`. */
  hit(key: string): Promise<AttemptVerdict>;
  reset(key: string): Promise<void>;
}

type AttemptOptions = {
  /** Keeps this limiter's keys apart from every other's on the shared counters. */
  name: string;
  /** Failures allowed per window. */
  limit: number;
  windowMs: number;
};

type Counts = Pick<RateLimitCounters, 'increment' | 'get' | 'reset'>;

/**
 * The counters of one process, for SQLite, where one process is all there is. Windows that have
 * ended are dropped as the next failure arrives, at most once a window, so the map holds about
 * one window's worth of keys.
 */
function memoryCounts(windowMs: number): Counts {
  const windows = new Map<string, WindowCount>();
  let nextPrune = 0;
  const running = (key: string) => {
    const count = windows.get(key);
    return count && count.resetAt.getTime() > Date.now() ? count : undefined;
  };
  return {
    async increment(key) {
      const now = Date.now();
      if (now >= nextPrune) {
        nextPrune = now + windowMs;
        for (const [stale, count] of windows) if (count.resetAt.getTime() <= now) windows.delete(stale);
      }
      const count = running(key) ?? { hits: 0, resetAt: new Date(now + windowMs) };
      count.hits++;
      windows.set(key, count);
      return { ...count };
    },
    get: async (key) => {
      const count = running(key);
      return count && { ...count };
    },
    reset: async (key) => void windows.delete(key),
  };
}

/** Whole seconds until `resetAt`, at least 1: what Retry-After says (RFC 9110 §10.2.3). */
const secondsUntil = (resetAt: Date) => Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));

/**
 * A limiter on `counters`, shared by every replica (PostgreSQL's), or on this process's memory when
 * there are none (SQLite's). A counter that cannot be reached throws: the caller's request then
 * fails as any other that needs the database.
 */
export function attemptLimiter(
  counters: RateLimitCounters | undefined,
  { name, limit, windowMs }: AttemptOptions,
): AttemptLimiter {
  const counts = counters ?? memoryCounts(windowMs);
  const prefix = `attempts:${name}:${windowMs}:`;
  const verdict = (count: WindowCount | undefined, limited: boolean): AttemptVerdict => ({
    limited,
    retryAfterS: limited && count ? secondsUntil(count.resetAt) : 0,
  });
  return {
    async check(key) {
      const count = await counts.get(prefix + key);
      return verdict(count, (count?.hits ?? 0) >= limit);
    },
    async hit(key) {
      const count = await counts.increment(prefix + key, windowMs);
      return verdict(count, count.hits > limit);
    },
    reset: (key) => counts.reset(prefix + key),
  };
}
