import type { IncomingMessage, RequestListener } from 'node:http';
import type { RequestHandler } from 'express';
import { lingerAfterReply } from './lingering-close';

/** Largest body any request may carry, whatever its path or content type (docs/requirements.md §10.12). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Always 413, as JSON under /api and as plain text elsewhere. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(message = 'O conteúdo enviado excede o limite de 16 KB.') {
    super(message);
  }
}

/** Framing that announces a body: any Transfer-Encoding, or a length above zero. */
const carriesBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;

/**
 * Why the body `req` carries will not be read: declared over the limit, or sent with a method that
 * takes none. Only the two lead writes read a body, both POSTs; a POST elsewhere is refused by its
 * route (404, 405) before its body is read.
 */
function refusal(req: IncomingMessage) {
  if (!carriesBody(req)) return undefined;
  if (Number(req.headers['content-length']) > BODY_LIMIT_BYTES) return new BodyTooLargeError();
  if (req.method !== 'POST')
    return new BodyTooLargeError(`Uma requisição ${req.method} não pode ter corpo: envie-a sem conteúdo.`);
  return undefined;
}

/**
 * First in the app (docs/requirements.md §10.12): a request that carries a body has its connection
 * closed after the reply, so what nobody read of it is never read. Node would otherwise read on to
 * the end of it to reuse the connection, however long a chunked body runs (a GET with one was read
 * at 300 MB/s for as long as it came). A body that will not be read is refused before a byte of it
 * is: 413, whatever the path. A reply sent before the body has all arrived is followed by a
 * lingering close, so that the client reads it rather than a reset (lingering-close.ts).
 */
export const boundBody: RequestHandler = (req, res, next) => {
  if (!carriesBody(req)) return next();
  res.setHeader('Connection', 'close');
  lingerAfterReply(req);
  next(refusal(req));
};

/**
 * The HTTP server's 'checkContinue' listener: "100 Continue" only for a body the site may read;
 * for any other the client hears the refusal instead and never sends it (RFC 9110 §10.1.1).
 */
export const continueWithinLimit =
  (handle: RequestListener): RequestListener =>
  (req, res) => {
    if (!refusal(req)) res.writeContinue();
    handle(req, res);
  };
