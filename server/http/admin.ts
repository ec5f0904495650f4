import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { refuse, sendRefusal } from './refusals';

const BEARER = /^Bearer +(\S+) *$/i;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards the reads of personal data (LGPD): `Authorization: Bearer <ADMIN_TOKEN>`.
 * Comparing SHA-256 digests keeps timingSafeEqual's lengths equal, so neither the token's
 * content nor its length leaks through the response time.
 */
export function requireAdmin(adminToken: string | undefined): RequestHandler {
  const expected = adminToken === undefined ? undefined : digest(adminToken);
  return (req, res, next) => {
    // Personal data: no proxy or browser cache may keep these replies, errors included.
    res.set('Cache-Control', 'no-store');
    if (!expected) {
      sendRefusal(req, res, refuse('READS_DISABLED'));
      return;
    }
    const token = BEARER.exec(req.get('Authorization') ?? '')?.[1];
    if (!token || !timingSafeEqual(digest(token), expected)) {
      sendRefusal(req, res, refuse('UNAUTHORIZED', { headers: { 'WWW-Authenticate': 'Bearer' } }));
      return;
    }
    next();
  };
}
