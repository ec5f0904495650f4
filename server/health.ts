import { Router } from 'express';
import type { Repository } from './db/repository';
import type { Logger } from './logger';

/** Liveness that means something: 200 only while the database answers. */
export function healthRouter(repository: Repository, logger: Logger) {
  const router = Router();
  router.get('/', async (_req, res) => {
    try {
      await repository.ping();
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch (error) {
      logger.warn({ err: error }, 'health: o banco de dados não respondeu');
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable' });
    }
  });
  return router;
}
