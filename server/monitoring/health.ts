import { Router } from 'express';
import { allowOnly } from '../http/methods';
import type { Logger } from '../process/logger';

/**
 * What anyone may ask (docs/requirements.md §10.7): up or down, and nothing more. GET /health is
 * liveness that means something: 200 only while the database answers. GET /health/ready also turns
 * 503 once shutdown begins, so the proxy stops sending traffic. The details (the database, the
 * outbox per channel, retention) are in /metrics, behind the admin token: the outbox's pending count
 * showed anyone the company's lead volume, and whether the honeypot had caught a post.
 */
export function healthRouter(ping: () => Promise<void>, logger: Logger, draining: AbortSignal) {
  const databaseAnswers = async () => {
    try {
      await ping();
      return true;
    } catch (error) {
      logger.warn({ err: error }, 'health: o banco de dados não respondeu');
      return false;
    }
  };
  const router = Router();
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router
    .route('/')
    .all(allowOnly('GET'))
    .get(async (_req, res) => {
      if (await databaseAnswers()) res.json({ status: 'ok' });
      else res.status(503).json({ status: 'unavailable' });
    });
  // A mail server or a webhook receiver that is down leaves us ready: only the database counts.
  router
    .route('/ready')
    .all(allowOnly('GET'))
    .get(async (_req, res) => {
      if (draining.aborted) res.status(503).json({ status: 'draining' });
      else if (await databaseAnswers()) res.json({ status: 'ready' });
      else res.status(503).json({ status: 'unavailable' });
    });
  return router;
}
