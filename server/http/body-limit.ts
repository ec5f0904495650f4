import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** Largest body any request may carry, whatever its path or content type (docs/requirements.md §10.12). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Always 413 with this message, as JSON under /api and as plain text elsewhere. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor() {
    super('O conteúdo enviado excede o limite de 16 KB.');
  }
}

const declaresTooLarge = (req: IncomingMessage) => Number(req.headers['content-length']) > BODY_LIMIT_BYTES;

/** 413 at once for a declared Content-Length over the limit, before a byte of the body is read. */
export const refuseDeclaredOversize: RequestHandler = (req, _res, next) =>
  next(declaresTooLarge(req) ? new BodyTooLargeError() : undefined);

/**
 * For a reply sent before the request's body was read to its end (refused for its size, its
 * rate, its origin): the connection closes after it. Node would otherwise read the rest of the
 * body, however long a chunked one runs, to reuse the connection for another request.
 */
export function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse) {
  if (!req.complete) res.setHeader('Connection', 'close');
}

/**
 * The HTTP server's 'checkContinue' listener: "100 Continue" only for a body the site may read;
 * for a longer one the client hears the 413 instead and never sends it (RFC 9110 §10.1.1).
 */
export const continueWithinLimit =
  (handle: RequestListener): RequestListener =>
  (req, res) => {
    if (!declaresTooLarge(req)) res.writeContinue();
    handle(req, res);
  };
