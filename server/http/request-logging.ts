import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { infoLines, type Logger } from '../process/logger';

// An id from the proxy is kept so one request can be followed across both logs.
const REQUEST_ID = /^[\w.:-]{1,128}$/;

const requestId = (incoming: string | string[] | undefined) =>
  typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();

/** The id of the request being answered, as its log line and X-Request-Id carry it (e.g. for an audit row). */
export const requestIdOf = (res: Response) => res.locals.requestId as string | undefined;

/** What else wants to know that a request is done, and how long it took (the metrics). */
type Observer = (req: Request, res: Response, durationMs: number) => void;

/**
 * One JSON line per request (docs/requirements.md §11.3): id, method, path, status and duration.
 * Deliberately nothing else of the request (no query, headers, address or body): leads are
 * personal data. Written once the response has closed — finished, or cut short by the client —
 * by one listener that also tells `observe`; the line of every answered request is built by
 * `infoLines`, not by pino's per-call serialisation (server/process/logger.ts).
 */
export function requestLogging(logger: Logger, observe?: Observer): RequestHandler {
  const info = infoLines(logger);
  return (req, res, next) => {
    const started = performance.now();
    const id = requestId(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    // 'close' comes once per response; a plain listener costs less than once()'s wrapper.
    res.on('close', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const url = req.originalUrl;
      const query = url.indexOf('?');
      const line = {
        req: { id, method: req.method, path: query === -1 ? url : url.slice(0, query) },
        res: { status: res.statusCode },
        durationMs,
      };
      if (res.statusCode >= 500) logger.error(line, 'requisição falhou');
      else if (!res.writableFinished) info(line, 'requisição interrompida');
      else info(line, 'requisição atendida');
      observe?.(req, res, durationMs);
    });
    next();
  };
}
