import { parseCookie } from 'cookie';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import { SESSION } from './policy';
import { digestOf, newSecret } from './secrets';
import type { Member, SessionPurpose, TeamStore } from './sql-store';

/**
 * `__Host-`: the browser keeps it only if it is Secure, for this host alone and the whole path, so
 * no subdomain or plain-HTTP page can set or shadow it (ASVS 5.0 3.3.1). http://localhost counts as
 * secure in browsers, so `npm start` signs in as production does.
 */
export const SESSION_COOKIE = '__Host-sessao';

/**
 * HttpOnly: no script reads it. SameSite=Lax: a link from an e-mail arrives signed in, while a
 * cross-site form post carries no cookie (and meets refuseCrossSite anyway).
 */
const COOKIE: CookieOptions = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' };

/** Who this request is signed in as, and what their session may do. */
type SignedIn = { member: Member; purpose: SessionPurpose; digest: string };

declare global {
  namespace Express {
    interface Locals {
      signedIn?: SignedIn;
    }
  }
}

/** The request's value of a cookie set by us, if any. */
export const cookieOf = (req: Request, name: string) => parseCookie(req.get('Cookie') ?? '')[name];

/**
 * The session layer over the database (docs/decisions/029-sign-in-and-sessions.md): every replica reads the
 * same rows, so a revocation on one is refused on the next request to any other.
 */
export function teamSessions(store: TeamStore) {
  /** Reads the session cookie into res.locals.signedIn; a dead one is cleared from the browser. */
  const load: RequestHandler = async (req, res, next) => {
    const secret = cookieOf(req, SESSION_COOKIE);
    if (!secret) return next();
    const digest = digestOf(secret);
    const session = await store.findSession(digest, SESSION.idleMs);
    if (!session) {
      res.clearCookie(SESSION_COOKIE, COOKIE);
      return next();
    }
    res.locals.signedIn = { member: session.member, purpose: session.purpose, digest };
    // Who the audit names for what this request reads or erases (server/module/audit.ts).
    res.locals.actor = { kind: 'member', id: session.member.id, email: session.member.email };
    if (Date.now() - Date.parse(session.seenAt) > SESSION.touchEveryMs) await store.touchSession(digest);
    next();
  };

  /**
   * A new session with a new id, and the request's old one (an enrolment's, another member's) ended:
   * the id a page may have been given before sign-in is worth nothing after (ASVS 7.2.4).
   */
  async function start(res: Response, memberId: string, purpose: SessionPurpose) {
    const previous = res.locals.signedIn?.digest;
    if (previous) await store.endSession(previous);
    const secret = newSecret();
    const ttlMs = purpose === 'full' ? SESSION.absoluteMs : SESSION.enrolmentMs;
    await store.createSession({ digest: digestOf(secret), memberId, purpose, ttlMs });
    res.cookie(SESSION_COOKIE, secret, { ...COOKIE, maxAge: ttlMs });
  }

  async function end(res: Response) {
    const digest = res.locals.signedIn?.digest;
    if (digest) await store.endSession(digest);
    res.clearCookie(SESSION_COOKIE, COOKIE);
  }

  return { load, start, end };
}

export type TeamSessions = ReturnType<typeof teamSessions>;

/** A short-lived cookie of our own (a WebAuthn ceremony's), with the session cookie's attributes. */
export const setShortCookie = (res: Response, name: string, value: string, maxAge: number) =>
  res.cookie(name, value, { ...COOKIE, maxAge });

export const clearShortCookie = (res: Response, name: string) => res.clearCookie(name, COOKIE);
