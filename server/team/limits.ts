import { setTimeout as sleep } from 'node:timers/promises';
import type { Response } from 'express';
import type { RateLimitCounters } from '../db/rate-limit-counters';
import { type AttemptLimiter, attemptLimiter } from '../http/attempt-limit';
import { REFUSALS } from '../http/refusals';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** An account's failures in a window before its attempts are held; then 1 s, doubling, up to 8 s. */
const FAILURES_BEFORE_HOLD = 10;
const LONGEST_HOLD_MS = 8 * SECOND;

/**
 * The sign-in's limits (docs/decisions/044-sign-in-limits.md; ASVS 5.0 6.1.1, 6.3.1), on the
 * counters every replica shares (PostgreSQL's) or this process's (SQLite's). Each reserves its slot
 * before the attempt. What refuses is keyed by the client's address, alone or with the account, so
 * that a stranger who guesses locks out no one but themselves; what is keyed by the account alone
 * only slows, or spaces out its e-mails:
 * - failed sign-ins (a wrong code, a dead link): 10 per account and address, and 20 per address, in
 *   15 minutes; past 10 on one account from anywhere, each attempt on it waits before it is judged
 *   (`holdMs`). A code's own 5 attempts and 10 minutes come first. Passkeys are not counted: they
 *   cannot be guessed, and each answer spends a challenge of its own;
 * - codes sent: one per account in 5 minutes, 5 per account and address and 20 per address an hour.
 */
/** Failed sign-ins one client address may make in 15 minutes, whatever the accounts. */
export const SIGN_IN_FAILURES = { name: 'signin-ip', limit: 20, windowMs: 15 * MINUTE } as const;

export function signInLimits(counters: RateLimitCounters | undefined) {
  return {
    failuresByPair: attemptLimiter(counters, { name: 'signin-pair', limit: 10, windowMs: 15 * MINUTE }),
    failuresByAddress: attemptLimiter(counters, SIGN_IN_FAILURES),
    /** Never refuses: it counts, and its count decides the hold. */
    failuresByAccount: attemptLimiter(counters, {
      name: 'signin-account',
      limit: Number.POSITIVE_INFINITY,
      windowMs: 15 * MINUTE,
    }),
    codeSpacing: attemptLimiter(counters, { name: 'code-spacing', limit: 1, windowMs: 5 * MINUTE }),
    codesByPair: attemptLimiter(counters, { name: 'code-pair', limit: 5, windowMs: HOUR }),
    codesByAddress: attemptLimiter(counters, { name: 'code-ip', limit: 20, windowMs: HOUR }),
  };
}

export type SignInLimits = ReturnType<typeof signInLimits>;

/** The key of an account (the address typed, as the team's list compares it) with a client's address. */
export const pairOf = (account: string, address: string) => `${account} ${address}`;

/** How long an attempt waits before it is judged, its account's failures this window counting it. */
export const holdMs = (failures: number) =>
  failures <= FAILURES_BEFORE_HOLD ? 0 : Math.min(SECOND * 2 ** (failures - FAILURES_BEFORE_HOLD - 1), LONGEST_HOLD_MS);

type Slot = readonly [AttemptLimiter, string];

/** What `reserve` gave: a limit that refused, or the slots taken, to give back if the attempt succeeds. */
type Reserved =
  | { refusedBy: AttemptLimiter; retryAfterS: number }
  | { refusedBy?: undefined; giveBack: () => Promise<void> };

/**
 * One slot of each limit, in turn. The first that is spent refuses, and every slot taken so far
 * goes back: an attempt refused by one limit costs nothing against the others.
 */
export async function reserve(slots: readonly Slot[]): Promise<Reserved> {
  const taken: Slot[] = [];
  const giveBack = async () => {
    for (const [limiter, key] of taken) await limiter.release(key);
  };
  for (const slot of slots) {
    const { limited, retryAfterS } = await slot[0].reserve(slot[1]);
    taken.push(slot);
    if (limited) {
      await giveBack();
      return { refusedBy: slot[0], retryAfterS };
    }
  }
  return { giveBack };
}

/** Whole minutes, as the messages say a wait. */
export const minutesOf = (seconds: number) => String(Math.ceil(seconds / 60));

/** The catalogue's 429 message, and Retry-After on the reply (RFC 9110 §10.2.3). */
export function tooMany(res: Response, seconds: number) {
  res.set('Retry-After', String(seconds));
  return REFUSALS.RATE_LIMITED.message(minutesOf(seconds));
}

/** Waits `ms` before an attempt is judged; false when the client left meanwhile, and nothing is judged. */
export async function held(res: Response, ms: number) {
  const left = new AbortController();
  const leave = () => left.abort();
  res.once('close', leave);
  try {
    await sleep(ms, undefined, { signal: left.signal });
    return true;
  } catch (error) {
    if ((error as Error).name === 'AbortError') return false;
    throw error;
  } finally {
    res.off('close', leave);
  }
}
