import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger';

// An id from the proxy is kept so one request can be followed across both logs.
const REQUEST_ID = /^[\w.:-]{1,128}$/;

function requestId(req: IncomingMessage, res: ServerResponse) {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * One JSON line per request: id, method, path, status and duration. Deliberately nothing
 * else of the request (no query, headers, address or body): leads are personal data.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestId,
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'requisição atendida',
    customErrorMessage: () => 'requisição falhou',
    customAttributeKeys: { responseTime: 'durationMs' },
  });
}
