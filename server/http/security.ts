import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { requestIdOf } from './request-logging';

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

/** Browser features the site never uses, refused to it and to anything it embeds. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/**
 * The site's security headers: helmet's middleware with this site's policy, spelled as helmet
 * spells it, plus Permissions-Policy, which helmet does not set. None depends on the request.
 */
function policyHeaders({ https = false, styleHashes = [], scriptHashes = [] }: SecurityOptions): RequestHandler {
  const helmetHeaders = helmet({
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
    // Sent apart, below, only where it means something.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // A page that opens ours, or that ours opens, keeps no handle to it, and Chrome on Android gives
    // the site a process of its own (decision 024; 023, which dropped it for a lab figure, is superseded).
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Read by Internet Explorer 8 alone, which cannot run this site; its bytes are what COOP needed
    // to keep the headers and the page within the first flight (docs/performance.md).
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
  });
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

/** The headers a middleware sets, as name and value: run once against a real response that goes nowhere. */
function headersSetBy(middleware: RequestHandler): [string, string][] {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  let failure: unknown;
  middleware(req as Request, res as Response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]);
}

/**
 * The headers policyHeaders sets, as name and value, for every reply, Express's and Node's own
 * refusals (client-errors.ts) alike.
 */
export const siteHeaders = (options: SecurityOptions = {}) => headersSetBy(policyHeaders(options));

/** Every response's own headers: the site's, HSTS where it applies, and the request's id. */
type ResponseHeaders = {
  /** Sets them on the response: the first step of every answer. */
  set: RequestHandler;
};

/**
 * Every response's headers, from the one list siteHeaders takes: helmet's middleware run once, at
 * start-up, against a real response, so that a request sets a list rather than running twelve
 * middleware.
 */
export function responseHeaders(options: SecurityOptions = {}): ResponseHeaders {
  const plain = siteHeaders(options).flat();
  // HSTS only when the site's address is https:// and only on a request that came over HTTPS (the
  // proxy's X-Forwarded-Proto, under TRUST_PROXY): browsers ignore it over plain HTTP (RFC 6797 §8.1),
  // and a plain-HTTP container must not pin them to a TLS it does not have.
  const { https = false, hstsPreload = false } = options;
  const maxAge = hstsPreload ? 63_072_000 : 31_536_000;
  const secure = [
    ...plain,
    ...headersSetBy(helmet.strictTransportSecurity({ maxAge, includeSubDomains: true, preload: hstsPreload })).flat(),
  ];
  return {
    set: (req, res, next) => {
      const list = https && req.secure ? secure : plain;
      for (let i = 0; i < list.length; i += 2) res.setHeader(list[i]!, list[i + 1]!);
      const id = requestIdOf(res);
      if (id !== undefined) res.setHeader('X-Request-Id', id);
      next();
    },
  };
}
