import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from './logger';

// An id from the proxy is kept so one request can be followed across both logs.
const REQUEST_ID = /^[\w.:-]{1,128}$/;

const requestId = (incoming: string | string[] | undefined) =>
  typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();

/** The id of the request being answered, as its log line and X-Request-Id carry it (e.g. for an audit row). */
export const requestIdOf = (res: Response) => res.locals.requestId as string | undefined;

/**
 * One JSON line per request (docs/requirements.md §11.3): id, method, path, status and duration.
 * Deliberately nothing else of the request (no query, headers, address or body): leads are
 * personal data. Written once the response has closed — finished, or cut short by the client
 * — with the fields built here rather than by pino-http, which made a child logger and ran its
 * serializers for every request: about a tenth of what a page request cost.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = requestId(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    res.once('close', () => {
      const url = req.originalUrl;
      const query = url.indexOf('?');
      const line = {
        req: { id, method: req.method, path: query === -1 ? url : url.slice(0, query) },
        res: { status: res.statusCode },
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      };
      if (res.statusCode >= 500) logger.error(line, 'requisição falhou');
      else if (!res.writableFinished) logger.info(line, 'requisição interrompida');
      else logger.info(line, 'requisição atendida');
    });
    next();
  };
}
