import type { RateLimitCounters } from '../db/rate-limit-counters';
import { type AttemptLimiter, attemptLimiter } from '../http/attempt-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The sign-in's limits (issue 33 §5; ASVS 5.0 6.3.1), on the counters every replica shares
 * (PostgreSQL's) or this process's (SQLite's). Per address and per account, so that neither a
 * spread of addresses on one account nor one address across accounts gets far:
 * - failed sign-ins (a passkey that does not verify, a wrong code, a dead link): 20 per address and
 *   10 per account in 15 minutes; a code's own 5 attempts come first;
 * - codes sent: 5 per account and 10 per address an hour, so nobody can fill a member's mailbox.
 */
export function signInLimits(counters: RateLimitCounters | undefined) {
  return {
    failuresByAddress: attemptLimiter(counters, { name: 'signin-ip', limit: 20, windowMs: 15 * MINUTE }),
    failuresByAccount: attemptLimiter(counters, { name: 'signin-account', limit: 10, windowMs: 15 * MINUTE }),
    codesByAccount: attemptLimiter(counters, { name: 'code-account', limit: 5, windowMs: HOUR }),
    codesByAddress: attemptLimiter(counters, { name: 'code-ip', limit: 10, windowMs: HOUR }),
  };
}

export type SignInLimits = ReturnType<typeof signInLimits>;

/** The first limit of `checks` that is spent, as the seconds to wait; 0 when none is. */
export async function spent(checks: [AttemptLimiter, string][]) {
  for (const [limiter, key] of checks) {
    const { limited, retryAfterS } = await limiter.check(key);
    if (limited) return retryAfterS;
  }
  return 0;
}

/** Counts one against each. */
export async function count(hits: [AttemptLimiter, string][]) {
  for (const [limiter, key] of hits) await limiter.hit(key);
}
