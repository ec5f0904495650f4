import type { RequestHandler } from 'express';
import helmet from 'helmet';

type SecurityOptions = {
  /** Only over HTTPS: on a plain-HTTP container the browser would upgrade every asset and fail. */
  https?: boolean;
  /** Hashes ('sha256-…') of any <style> the page inlines. */
  styleHashes?: string[];
};

export function securityHeaders({ https = false, styleHashes = [] }: SecurityOptions = {}): RequestHandler[] {
  const csp = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...styleHashes.map((hash) => `'${hash}'`)],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    next();
  };
  return [csp, permissions];
}
