import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { ApiFailure } from '../../shared/api-types';
import type { Config } from '../config';
import type { PageRenderer } from '../pages';

const MINUTE = 60_000;

function message(res: Response) {
  const seconds = Number(res.getHeader('Retry-After')) || 60;
  const minutes = Math.ceil(seconds / 60);
  return `Muitas solicitações em pouco tempo. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/**
 * Per client IP (req.ip, so it follows TRUST_PROXY). Counters live in this process:
 * with several replicas each one counts its own share.
 */
export function postRateLimits({ perMinute, perHour }: Config['rateLimits'], renderPage: PageRenderer): RequestHandler[] {
  const reject = (req: Request, res: Response) => {
    // The form without JavaScript gets the page back with the message, not bare JSON.
    if (req.is('application/x-www-form-urlencoded')) {
      renderPage(req, res, { url: '/', status: 429, contactForm: { formError: message(res) } });
      return;
    }
    res.status(429).json({ success: false, message: message(res) } satisfies ApiFailure);
  };
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
        handler: reject,
        // Not trusting X-Forwarded-For is a deliberate setting (TRUST_PROXY), not a mistake to report.
        validate: { xForwardedForHeader: false },
      }),
    );
}
