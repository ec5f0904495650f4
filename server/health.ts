import { Router } from 'express';
import type { Repository } from './db/repository';
import type { Logger } from './logger';

/**
 * GET /health is liveness that means something: 200 only while the database answers.
 * GET /health/ready also turns 503 once shutdown begins, so the proxy stops sending traffic.
 */
export function healthRouter(repository: Repository, logger: Logger, draining: AbortSignal) {
  const router = Router();
  const databaseAnswers = async () => {
    try {
      await repository.ping();
      return true;
    } catch (error) {
      logger.warn({ err: error }, 'health: o banco de dados não respondeu');
      return false;
    }
  };

  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.get('/', async (_req, res) => {
    if (await databaseAnswers()) res.json({ status: 'ok' });
    else res.status(503).json({ status: 'unavailable' });
  });
  router.get('/ready', async (_req, res) => {
    if (draining.aborted) res.status(503).json({ status: 'draining' });
    else if (await databaseAnswers()) res.json({ status: 'ready' });
    else res.status(503).json({ status: 'unavailable' });
  });
  return router;
}
