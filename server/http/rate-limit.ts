import type { RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { RateLimitCounters } from '../db/rate-limit-counters';
import type { Config } from '../process/config';
import type { Logger } from '../process/logger';
import { RequestRefused } from './refused';

const MINUTE = 60_000;

function message(res: Response) {
  const seconds = Number(res.getHeader('Retry-After')) || 60;
  const minutes = Math.ceil(seconds / 60);
  return `Muitas solicitações em pouco tempo. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/** One window's view of the shared counters, as express-rate-limit asks for it. */
function sharedStore(counters: RateLimitCounters, windowMs: number): Store {
  const prefix = `post:${windowMs}:`;
  return {
    prefix,
    localKeys: false,
    async increment(key) {
      const { hits, resetAt } = await counters.increment(prefix + key, windowMs);
      return { totalHits: hits, resetTime: resetAt };
    },
    decrement: (key) => counters.decrement(prefix + key),
    resetKey: (key) => counters.reset(prefix + key),
  };
}

type Options = {
  /** Counters every replica shares; without them each process counts in memory. */
  counters?: RateLimitCounters;
  logger: Logger;
  /** Called for each request refused (metrics). */
  onLimited?: () => void;
};

/**
 * Per client IP (req.ip, so it follows TRUST_PROXY), shared by every POST endpoint that mounts
 * the returned handlers. With shared counters the limit holds across replicas; when they cannot
 * be reached the request goes through unlimited, logged: refusing a lead because the counter is
 * away would lose a customer to protect against a flood that is not there.
 */
export function postRateLimits(
  { perMinute, perHour }: Config['rateLimits'],
  { counters, logger, onLimited }: Options,
): RequestHandler[] {
  const windows: [number, number][] = [
    [perMinute, MINUTE],
    [perHour, 60 * MINUTE],
  ];
  return windows
    .filter(([limit]) => limit > 0)
    .map(([limit, windowMs]) =>
      rateLimit({
        windowMs,
        limit,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        ...(counters && { store: sharedStore(counters, windowMs) }),
        passOnStoreError: true,
        logger: {
          error: (error) =>
            logger.warn({ err: error }, 'limite de envios: contadores indisponíveis, requisição aceita sem limite'),
          warn: (warning) => logger.warn({ err: warning }, 'limite de envios: aviso de configuração'),
        },
        // Retry-After is set by now, so the message can say how long to wait (docs/requirements.md §10.4);
        // each endpoint answers it in its own form.
        handler: (_req, res, next) => {
          onLimited?.();
          next(new RequestRefused(429, message(res)));
        },
        // Not trusting X-Forwarded-For is a deliberate setting (TRUST_PROXY), not a mistake to report.
        validate: { xForwardedForHeader: false },
      }),
    );
}
