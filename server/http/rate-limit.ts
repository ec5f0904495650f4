import type { RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { RateLimitCounters } from '../db/rate-limit-counters';
import type { Logger } from '../process/logger';
import { refuse } from './refusals';

const MINUTE = 60_000;

/** The minutes to wait, as the refusal's message says them. */
function minutesToWait(res: Response) {
  const seconds = Number(res.getHeader('Retry-After')) || 60;
  return String(Math.ceil(seconds / 60));
}

/** One window's view of the shared counters, as express-rate-limit asks for it; `name` keeps the two counts apart. */
function sharedStore(counters: RateLimitCounters, name: string, windowMs: number): Store {
  const prefix = `${name}:${windowMs}:`;
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

/** Per client IP and window; 0 or absent turns a window off (docs/requirements.md §10.4). */
export type RateLimits = {
  /** POSTs that stored a lead (or would have: a replay, the honeypot's decoy). */
  perMinute: number;
  perHour: number;
  /** POSTs refused (a typo's 400, a 403, a 413, a 429…): larger, so fixing a mistake costs no lead. */
  refusedPerMinute?: number;
  refusedPerHour?: number;
};

type Options = {
  /** Counters every replica shares; without them each process counts in memory. */
  counters?: RateLimitCounters;
  logger: Logger;
  /** Called for each request refused (metrics). */
  onLimited?: () => void;
};

/**
 * Per client IP (req.ip, so it follows TRUST_PROXY), shared by every POST endpoint that mounts
 * the returned handlers. Two counts, each with its window per minute and per hour: the posts that
 * stored a lead, and the posts refused. express-rate-limit counts a post when it arrives and takes
 * it back once the reply shows it belongs to the other count (skipFailedRequests,
 * skipSuccessfulRequests), so a visitor correcting a typo spends none of the leads' limit, while a
 * flood of invalid posts still meets a limit of its own. The refused count comes first, so that it
 * also counts the posts the leads' limit turns away. The price of counting before the reply: more
 * posts in flight at once from one client than the refused limit are refused, stored or not. With
 * shared counters the limits hold across replicas; when they cannot be reached the request goes
 * through unlimited, logged: refusing a lead because the counter is away would lose a customer to
 * protect against a flood that is not there.
 */
export function postRateLimits(
  { perMinute, perHour, refusedPerMinute = 0, refusedPerHour = 0 }: RateLimits,
  { counters, logger, onLimited }: Options,
): RequestHandler[] {
  const windows = [
    { name: 'refused', limit: refusedPerMinute, windowMs: MINUTE },
    { name: 'refused', limit: refusedPerHour, windowMs: 60 * MINUTE },
    // 'post', the name the leads' count had when it counted every post: replicas of both releases share it.
    { name: 'post', limit: perMinute, windowMs: MINUTE },
    { name: 'post', limit: perHour, windowMs: 60 * MINUTE },
  ];
  return windows
    .filter(({ limit }) => limit > 0)
    .map(({ name, limit, windowMs }) =>
      rateLimit({
        windowMs,
        limit,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        ...(counters && { store: sharedStore(counters, name, windowMs) }),
        // A reply under 400 (stored, replayed, redirected to the confirmation) is a lead; any other, refused.
        ...(name === 'refused' ? { skipSuccessfulRequests: true } : { skipFailedRequests: true }),
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
          next(refuse('RATE_LIMITED', minutesToWait(res)));
        },
        // Not trusting X-Forwarded-For is a deliberate setting (TRUST_PROXY), not a mistake to report.
        validate: { xForwardedForHeader: false },
      }),
    );
}
