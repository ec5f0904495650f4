import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../process/logger';
import { loggedPath, loggedText } from './log-text';

// An id from the proxy is kept so one request can be followed across both logs.
const REQUEST_ID = /^[\w.:-]{1,128}$/;

const requestId = (incoming: string | string[] | undefined) =>
  typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();

/**
 * The id of the request being answered, as its log line and X-Request-Id carry it (e.g. for an audit
 * row). The header is written with the security headers (server/http/security.ts), not here: a
 * header set this early would keep the kept landing page from writing all of its own in one call.
 */
export const requestIdOf = (res: Response) => res.locals.requestId as string | undefined;

/** What else wants to know that a request is done, and how long it took (the metrics). */
type Observer = (req: Request, res: Response, durationMs: number) => void;

/**
 * One JSON line per request (docs/requirements.md §11.3): id, method, path, the client's address
 * (as trusted through TRUST_PROXY), its user agent, status and duration, what the client wrote made
 * safe and cut (log-text.ts). Nothing else of the request (no query, credentials, other headers or
 * body): leads are personal data. Written once the response
 * has closed — finished, or cut short by the client — by one listener that also tells `observe`.
 */
export function requestLogging(logger: Logger, observe?: Observer): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = requestId(req.headers['x-request-id']);
    res.locals.requestId = id;
    // Read now: once a client has gone away its socket no longer knows the address.
    const ip = loggedText(req.ip);
    const userAgent = loggedText(req.headers['user-agent']);
    // 'close' comes once per response; a plain listener costs less than once()'s wrapper.
    res.on('close', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const line = {
        req: { id, method: req.method, path: loggedPath(req.originalUrl), ip, userAgent },
        res: { status: res.statusCode },
        durationMs,
      };
      if (res.statusCode >= 500) logger.error(line, 'requisição falhou');
      else if (!res.writableFinished) logger.info(line, 'requisição interrompida');
      else logger.info(line, 'requisição atendida');
      observe?.(req, res, durationMs);
    });
    next();
  };
}
