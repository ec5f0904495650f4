import type { RateLimitCounters, WindowCount } from '../db/rate-limit-counters';

/** A reserved slot's verdict: the key's count with it, and whether that is past the limit. */
type Reservation = { limited: boolean; retryAfterS: number; count: number };

/**
 * Attempts per key (an account, a client's address) in a fixed window: the API's wrong bearer
 * tokens, and the sign-in's codes and links (docs/requirements.md §10.4;
 * docs/decisions/044-sign-in-limits.md). A slot is reserved before the attempt, in one atomic
 * count, and the attempt goes ahead only if the count it returned is within the limit: a count
 * read first and added after lets every attempt in flight through on the same reading.
 */
export interface AttemptLimiter {
  /** Counts one attempt of `key` now; limited when this one is past `limit`. */
  reserve(key: string): Promise<Reservation>;
  /** Takes a reserved slot back: an attempt that was refused, or that turned out not to be a failure. */
  release(key: string): Promise<void>;
  /**
   * Whether `key` is past the limit now, counting nothing: for what is no attempt at all (the right
   * API token), which must still be refused while the key's guesses are, or its answer would tell.
   */
  check(key: string): Promise<Omit<Reservation, 'count'>>;
}

type AttemptOptions = {
  /** Keeps this limiter's keys apart from every other's on the shared counters. */
  name: string;
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
};

type Counts = Pick<RateLimitCounters, 'increment' | 'decrement' | 'get'>;

/**
 * The counters of one process, for SQLite, where one process is all there is. An increment reads
 * and adds in one synchronous step, so no other request's can come between. Windows that have
 * ended are dropped as the next attempt arrives, at most once a window, so the map holds about
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
    async decrement(key) {
      const count = running(key);
      if (count && count.hits > 0) count.hits--;
    },
    get: async (key) => running(key),
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
  return {
    async reserve(key) {
      const { hits, resetAt } = await counts.increment(prefix + key, windowMs);
      const limited = hits > limit;
      return { limited, retryAfterS: limited ? secondsUntil(resetAt) : 0, count: hits };
    },
    release: (key) => counts.decrement(prefix + key),
    async check(key) {
      const count = await counts.get(prefix + key);
      const limited = count !== undefined && count.hits >= limit;
      return { limited, retryAfterS: limited ? secondsUntil(count.resetAt) : 0 };
    },
  };
}
