import type { RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Config } from '../config';
import { RequestRefused } from './refused';

const MINUTE = 60_000;

function message(res: Response) {
  const seconds = Number(res.getHeader('Retry-After')) || 60;
  const minutes = Math.ceil(seconds / 60);
  return `Muitas solicitações em pouco tempo. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/**
 * Per client IP (req.ip, so it follows TRUST_PROXY), shared by every POST endpoint that mounts
 * the returned handlers. Counters live in this process: with several replicas each one counts
 * its own share.
 */
export function postRateLimits({ perMinute, perHour }: Config['rateLimits']): RequestHandler[] {
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
        // Retry-After is set by now, so the message can say how long to wait (docs/requirements.md §10.4);
        // each endpoint answers it in its own form.
        handler: (_req, res, next) => next(new RequestRefused(429, message(res))),
        // Not trusting X-Forwarded-For is a deliberate setting (TRUST_PROXY), not a mistake to report.
        validate: { xForwardedForHeader: false },
      }),
    );
}
