import type { IncomingMessage, RequestListener } from 'node:http';
import type { RequestHandler } from 'express';
import { lingerAfterReply } from './lingering-close';
import { type RefusalCode, refuse, type WithDetail } from './refusals';

/** Largest body any request may carry, whatever its path or content type (docs/requirements.md §10.12). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** A larger body's bound, and the refusal that names it when a declared length passes it. */
export type LargerBody = { bytes: number; tooLarge: Exclude<RefusalCode, WithDetail> };

/**
 * The POST paths whose body may be larger than BODY_LIMIT_BYTES (an upload's), each with its own
 * bound. Given by the composition roots (server/larger-bodies.ts): the plumbing knows no feature.
 */
export type LargerBodies = (path: string) => LargerBody | undefined;

/** The bound of `req`'s body: its path's own for a POST to one of `larger`, else BODY_LIMIT_BYTES. */
const bodyLimitOf = (req: IncomingMessage, larger: LargerBodies) =>
  (req.method === 'POST' ? larger(req.url?.split('?')[0] ?? '') : undefined) ?? {
    bytes: BODY_LIMIT_BYTES,
    tooLarge: 'BODY_TOO_LARGE' as const,
  };

/** Framing that announces a body: any Transfer-Encoding, or a length above zero. */
const carriesBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;

/**
 * Why the body `req` carries will not be read: declared over the limit, or sent with a method that
 * takes none. Only the lead writes read a body: the two POSTs, the team's forms and the two PATCHes
 * (docs/requirements.md §6.2); a POST or PATCH elsewhere is refused by its route (404, 405) before its body is read.
 */
function refusal(req: IncomingMessage, larger: LargerBodies) {
  if (!carriesBody(req)) return undefined;
  const limit = bodyLimitOf(req, larger);
  if (Number(req.headers['content-length']) > limit.bytes) return refuse(limit.tooLarge);
  if (req.method !== 'POST' && req.method !== 'PATCH') return refuse('BODY_NOT_ALLOWED', req.method ?? '');
  return undefined;
}

/**
 * First in the app (docs/requirements.md §10.12): a request that carries a body has its connection
 * closed after the reply, so what nobody read of it is never read. Node would otherwise read on to
 * the end of it to reuse the connection, however long a chunked body runs. A body that will not be read is refused before a byte of it
 * is: 413, whatever the path. A reply sent before the body has all arrived is followed by a
 * lingering close, so that the client reads it rather than a reset (lingering-close.ts).
 */
export const boundBody =
  (larger: LargerBodies): RequestHandler =>
  (req, res, next) => {
    if (!carriesBody(req)) return next();
    res.setHeader('Connection', 'close');
    lingerAfterReply(req);
    next(refusal(req, larger));
  };

/**
 * The HTTP server's 'checkContinue' listener: "100 Continue" only for a body the site may read;
 * for any other the client hears the refusal instead and never sends it (RFC 9110 §10.1.1).
 */
export const continueWithinLimit =
  (larger: LargerBodies) =>
  (handle: RequestListener): RequestListener =>
  (req, res) => {
    if (!refusal(req, larger)) res.writeContinue();
    handle(req, res);
  };
