import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

type SecurityOptions = {
  /** Only over HTTPS: on a plain-HTTP container the browser would upgrade every asset and fail. */
  https?: boolean;
  /** Hashes ('sha256-…') of any <style> the page inlines. */
  styleHashes?: string[];
  /** Hashes of any <script> the page inlines: the only scripts the page runs besides its own files. */
  scriptHashes?: string[];
  /** HSTS as hstspreload.org asks (2 years, subdomains, `preload`): a promise that is slow to take back. */
  hstsPreload?: boolean;
};

/** Helmet's choice of headers and values for this site: the policy lives here, spelled as helmet spells it. */
export function helmetFor({ https = false, styleHashes = [], scriptHashes = [] }: SecurityOptions) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
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
    // Sent apart, only over HTTPS (strictTransport below).
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Not sent: it makes Chromium start a fresh renderer for a page opened from a blank tab, the
    // longest task at load, and this page has no window an opener could abuse (decision 023).
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * Runs helmet once, against a response that only records, and keeps what it set. None of these
 * headers depends on the request (no nonce: what the page inlines is allowed by its hash), so
 * the twelve middleware helmet chains per request, each setting one header, reduce to one loop:
 * GET / serves about 5% more requests (README "Performance"). What helmet removes (X-Powered-By)
 * the app never sends anyway (`app.disable('x-powered-by')`); a test checks the headers against
 * helmet's own.
 */
function recordedHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = { setHeader: (name: string, value: unknown) => headers.set(name, String(value)), removeHeader() {} };
  let failure: unknown;
  middleware({} as Request, recorder as unknown as Response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * HSTS, only when the site's address is https:// and only on a request that came over HTTPS (from
 * the proxy's X-Forwarded-Proto, under TRUST_PROXY): browsers ignore it over plain HTTP (RFC 6797
 * §8.1), and a plain-HTTP container must not tell them to use a TLS it does not have.
 */
function strictTransport({ https = false, hstsPreload = false }: SecurityOptions): [string, string][] {
  if (!https) return [];
  const maxAge = hstsPreload ? 63_072_000 : 31_536_000;
  return recordedHeaders(helmet.strictTransportSecurity({ maxAge, includeSubDomains: true, preload: hstsPreload }));
}

export function securityHeaders(options: SecurityOptions = {}): RequestHandler {
  const headers = [
    ...recordedHeaders(helmetFor(options)),
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'] as [string, string],
  ];
  const overHttps = strictTransport(options);
  return (req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.secure) for (const [name, value] of overHttps) res.setHeader(name, value);
    next();
  };
}
