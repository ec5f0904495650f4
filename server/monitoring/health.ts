import { Router } from 'express';
import type { Repository } from '../db/repository';
import { allowOnly } from '../http/methods';
import type { Logger } from '../process/logger';

/**
 * GET /health is liveness that means something: 200 only while the database answers.
 * GET /health/ready also turns 503 once shutdown begins, so the proxy stops sending traffic.
 */
export function healthRouter(repository: Repository, logger: Logger, draining: AbortSignal) {
  const router = Router();
  /** The query's answer, or undefined when the database does not answer. */
  const ask = async <T>(query: () => Promise<T>) => {
    try {
      return { answer: await query() };
    } catch (error) {
      logger.warn({ err: error }, 'health: o banco de dados não respondeu');
      return undefined;
    }
  };
  const databaseAnswers = async () => (await ask(() => repository.ping())) !== undefined;

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
  // The outbox counts are read from the database alone: a mail server or a webhook receiver that is
  // down leaves us ready. The totals come first, as before the webhooks; each channel's follow.
  router
    .route('/ready')
    .all(allowOnly('GET'))
    .get(async (_req, res) => {
      if (draining.aborted) {
        res.status(503).json({ status: 'draining' });
        return;
      }
      const counts = await ask(() => repository.outbox.counts());
      if (!counts) {
        res.status(503).json({ status: 'unavailable' });
        return;
      }
      const channels = Object.values(counts.answer);
      const total = (status: 'pending' | 'failed') => channels.reduce((sum, channel) => sum + channel[status], 0);
      res.json({ status: 'ready', outbox: { pending: total('pending'), failed: total('failed'), ...counts.answer } });
    });
  return router;
}
