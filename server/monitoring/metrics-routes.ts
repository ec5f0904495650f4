import type { Request, RequestHandler, Response } from 'express';
import type { Metrics } from './metrics';

// The methods the site answers (DELETE: a data subject's erasure); anything else is 'other'.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS']);

/**
 * Remembers where the router that follows is mounted: Express gives `req.baseUrl` back to the app
 * when an error leaves the router, so a refused write would otherwise be timed as route "/".
 */
export const rememberMount: RequestHandler = (req, res, next) => {
  res.locals.mount = req.baseUrl;
  next();
};

/**
 * The route pattern Express matched (`/api/quotes/:id`), never the raw path, so that the label
 * takes a handful of values whatever clients ask for. Requests no route matched are the static
 * files and the not-found pages, told apart by the status class.
 */
function routeOf(req: Request, res: Response) {
  const pattern: unknown = req.route?.path;
  if (typeof pattern !== 'string') return '(sem rota)';
  const mount: unknown = res.locals.mount;
  const route = `${typeof mount === 'string' ? mount : req.baseUrl}${pattern}`;
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

/**
 * Records a request's duration by method, route pattern and status class, once its response has
 * closed: called by the access log's own listener (server/http/request-logging.ts), so that a request
 * pays for one listener and one clock, not two.
 */
export function requestTimer(metrics: Metrics) {
  return (req: Request, res: Response, durationMs: number) => {
    const method = METHODS.has(req.method) ? req.method : 'other';
    const statusClass = `${Math.floor(res.statusCode / 100)}xx`;
    metrics.requestDuration.observe({ method, route: routeOf(req, res), status_class: statusClass }, durationMs / 1000);
  };
}

/** GET /metrics, to whoever holds the admin token. */
export function metricsEndpoint(metrics: Metrics, admin: RequestHandler): RequestHandler[] {
  return [
    admin,
    async (_req, res) => {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  ];
}
