import type { Request, RequestHandler, Response } from 'express';
import { requireAdmin } from '../http/admin';
import type { Metrics } from './metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

/**
 * The route pattern Express matched (`/api/quotes/:id`), never the raw path, so that the label
 * takes a handful of values whatever clients ask for. Requests no route matched are the static
 * files and the not-found pages, told apart by the status class.
 */
function routeOf(req: Request) {
  const pattern: unknown = req.route?.path;
  if (typeof pattern !== 'string') return '(sem rota)';
  const route = `${req.baseUrl}${pattern}`;
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

/**
 * Records a request's duration by method, route pattern and status class, once its response has
 * closed: called by the access log's own listener (server/http/request-logging.ts), so that a request
 * pays for one listener and one clock, not two.
 */
export function requestTimer(metrics: Metrics) {
  return (req: Request, res: Response, durationMs: number) =>
    metrics.requestDuration.observe(
      {
        method: METHODS.has(req.method) ? req.method : 'other',
        route: routeOf(req),
        status_class: `${Math.floor(res.statusCode / 100)}xx`,
      },
      durationMs / 1000,
    );
}

/** GET /metrics, to whoever holds the admin token. */
export function metricsEndpoint(metrics: Metrics, adminToken: string | undefined): RequestHandler[] {
  return [
    requireAdmin(adminToken),
    async (_req, res) => {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  ];
}
