/**
 * The sign-in's timings and limits, each with its reason (docs/decisions/029-sign-in-and-sessions.md). They are
 * constants, not settings: they are the security policy of the signed-in part, and an operator who
 * needs others changes them in review, with the decision.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SESSION = {
  /**
   * A session unused this long ends (ASVS 5.0 7.3.1). Thirty minutes is NIST SP 800-63B's for
   * AAL2, which a passkey meets; signing in again is one touch of the phone's lock.
   */
  idleMs: 30 * MINUTE,
  /** Whatever its use, a session ends this long after sign-in (ASVS 7.3.2; SP 800-63B AAL2: 12 h). */
  absoluteMs: 12 * HOUR,
  /**
   * A session opened by a code or a link can only enrol a passkey, within this time: it proves the
   * mailbox or the operator's hand, not the member's device.
   */
  enrolmentMs: 15 * MINUTE,
  /** `seen_at` is written at most this often: a write per request would cost more than it tells. */
  touchEveryMs: MINUTE,
} as const;

export const CODE = {
  /** Issue 33: single use, ten minutes, five attempts. */
  ttlMs: 10 * MINUTE,
  attempts: 5,
} as const;

export const LINK = {
  /** The first admin's setup link, printed at start until a member has a passkey (docs/requirements.md §6.3). */
  setupMs: HOUR,
  /** An invitation: a working week, so that someone away for a few days can still take it up. */
  invitationMs: 7 * 24 * HOUR,
} as const;

/** A WebAuthn ceremony's challenge: the browser's own timeout is 60 s; a little more for a slow phone. */
export const CHALLENGE_MS = 5 * MINUTE;

/**
 * Ceremonies anyone may start (docs/requirements.md §6.3): each stores its challenge, so a flood would fill the table.
 * One address starts at most `perAddress` in a challenge's lifetime, more than a team behind one
 * office's address signs in by hand; past it, 429. At most `live` challenges are kept in all (a few
 * more for a moment when PostgreSQL runs inserts side by side): a new one drops the oldest, so a flood
 * from many addresses costs the oldest unfinished ceremonies their place, and refuses no member (a
 * ceremony that loses its place fails and is started again).
 */
export const CHALLENGES = { perAddress: 30, live: 1000 } as const;
