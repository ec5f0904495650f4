import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { AttemptLimiter } from './attempt-limit';
import { refuse, sendRefusal } from './refusals';

const BEARER = /^Bearer +(\S+) *$/i;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Wrong bearer tokens one client address may send per window before it waits (docs/requirements.md §6.2). */
export const WRONG_TOKENS = { name: 'wrong-token', limit: 10, windowMs: 60_000 } as const;

/**
 * Guards the reads of personal data (LGPD): `Authorization: Bearer <ADMIN_TOKEN>`.
 * Comparing SHA-256 digests keeps timingSafeEqual's lengths equal, so neither the token's
 * content nor its length leaks through the response time.
 *
 * Wrong tokens are counted per client address (req.ip, as TRUST_PROXY lets the app see it) on
 * `wrongTokens`: a wrong token takes its slot in one atomic count and is judged on the count that
 * returned, so that guesses in flight at once cannot all pass on one reading of it. Past the limit
 * the address gets 429 until its window ends, whatever token it sends, the right one included: were
 * the right token let through, a guess's answer (200 or 429) would still tell whether it was right,
 * and the limit would slow no one. The right token is no guess: it counts nothing, so a CRM's
 * exports in parallel never crowd each other out, and it does not clear the count: a guesser behind
 * the same address as the CRM would get a fresh allowance with each of its reads.
 */
export function requireAdmin(adminToken: string | undefined, wrongTokens: AttemptLimiter): RequestHandler {
  const expected = adminToken === undefined ? undefined : digest(adminToken);
  return async (req, res, next) => {
    // Personal data: no proxy or browser cache may keep these replies, errors included.
    res.set('Cache-Control', 'no-store');
    if (!expected) {
      sendRefusal(req, res, refuse('READS_DISABLED'));
      return;
    }
    const token = BEARER.exec(req.get('Authorization') ?? '')?.[1];
    // No token is no guess: only a token sent counts.
    if (!token) return sendRefusal(req, res, refuse('UNAUTHORIZED', { headers: { 'WWW-Authenticate': 'Bearer' } }));
    const address = req.ip ?? '';
    const right = timingSafeEqual(digest(token), expected);
    const slot = right ? await wrongTokens.check(address) : await wrongTokens.reserve(address);
    if (slot.limited) {
      const minutes = String(Math.ceil(slot.retryAfterS / 60));
      const headers = { 'Retry-After': String(slot.retryAfterS) };
      return sendRefusal(req, res, refuse('TOO_MANY_WRONG_TOKENS', minutes, { headers }));
    }
    if (!right) return sendRefusal(req, res, refuse('UNAUTHORIZED', { headers: { 'WWW-Authenticate': 'Bearer' } }));
    // Who the audit record names for what follows (server/audit/events.ts, AuditActor).
    res.locals.actor = { kind: 'token' };
    next();
  };
}
