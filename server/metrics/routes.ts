import { type Request, Router } from 'express';
import { requireAdmin } from '../api/admin';
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

/** Times every request, and serves GET /metrics to whoever holds the admin token. */
export function metricsRoutes(metrics: Metrics, adminToken: string | undefined) {
  const router = Router();
  router.use((req, res, next) => {
    const end = metrics.requestDuration.startTimer();
    res.once('finish', () =>
      end({
        method: METHODS.has(req.method) ? req.method : 'other',
        route: routeOf(req),
        status_class: `${Math.floor(res.statusCode / 100)}xx`,
      }),
    );
    next();
  });
  router.get('/metrics', requireAdmin(adminToken), async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
