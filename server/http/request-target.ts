import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import { refuse, sendRefusal } from '../http/refusals';
import { plainPage } from '../pages/plain-page';

// Request targets no browser sends (RFC 9112 §3.2), answered by the app itself
// (docs/requirements.md §2.7): never a 5xx, never a library's page, never the landing page
// for a path other than "/".

const MALFORMED_HTML = plainPage({
  title: 'Endereço inválido',
  heading: 'Endereço inválido',
  text: 'Não foi possível entender o endereço pedido. Confira o link ou volte ao início do site.',
});

/**
 * Requests whose target is neither origin-form nor a parseable http(s) absolute-form, with two
 * Hosts, or an HTTP/1.1 request without one.
 */
const malformed = new WeakSet<IncomingMessage>();

/** "http://host:port" of an absolute-form target: what comes after it is the path and query. */
const SCHEME_AND_AUTHORITY = /^https?:\/\/[^/?#]*/i;

/**
 * The origin-form ("/path?query") the app routes by. An absolute-form target, which a server
 * must accept (RFC 9112 §3.2.2) though only proxies are sent one, gives its path and query as
 * sent (not as WHATWG URL would normalise them: "/." stays "/."), if the whole URL parses;
 * undefined for anything else (authority-form, "*", a URL that does not parse), and for a
 * fragment, which no request target has and which would leave Express's router without a path.
 */
function originForm(target: string): string | undefined {
  if (target.includes('#')) return undefined;
  if (target.startsWith('/')) return target;
  const authority = SCHEME_AND_AUTHORITY.exec(target)?.[0];
  if (authority === undefined || !URL.canParse(target)) return undefined;
  const rest = target.slice(authority.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * More than one Host header: which one names the site is ambiguous, and a proxy may have routed
 * by the other, so the request is refused (RFC 9112 §3.2: 400). Node keeps the first and drops
 * the rest from `headers`; `rawHeaders` still has them all.
 */
function repeatsHost(raw: string[]) {
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') hosts++;
  return hosts > 1;
}

/**
 * An HTTP/1.1 request without Host (RFC 9112 §3.2: 400). Node would answer it itself, with a bare
 * status line and none of the site's headers (its `requireHostHeader`); server/process/lifecycle.ts
 * turns that off so that this reply is the site's. HTTP/1.0 has no Host to require.
 */
const lacksHost = (req: IncomingMessage) => req.httpVersion !== '1.0' && req.headers.host === undefined;

/** Answers only if the app did not: after a reply already begun, or, in principle, a request no handler took. */
const lastResort = (res: ServerResponse) => (error?: unknown) => {
  if (res.headersSent) {
    // The reply cannot be finished: closing is the only honest end.
    res.destroy();
    return;
  }
  res.statusCode = error ? 500 : 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(error ? 'Erro interno. Tente novamente mais tarde.' : 'Não encontrado');
};

/**
 * The site as a request listener: the target becomes origin-form before Express parses it (its
 * router would otherwise answer an unparseable one with its own HTML 404, unlogged), and Express's
 * own final handler never runs.
 */
export function siteListener(app: Express): RequestListener {
  return (req, res) => {
    const target = req.url ?? '';
    const path = originForm(target);
    if (repeatsHost(req.rawHeaders) || lacksHost(req)) malformed.add(req);
    if (path !== target) {
      if (path === undefined) malformed.add(req);
      // Logged as sent (without its query, server/http/request-logging.ts), routed by its path.
      Object.assign(req, { originalUrl: target });
      req.url = path ?? '/';
    }
    // Called as a mounted app is, with a next of ours; Express turns req and res into its own.
    app(req as Request, res as Response, lastResort(res));
  };
}

const decodes = (path: string) => {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

/** 400 for a malformed target or a path that does not percent-decode: JSON under /api, else the page. */
export const refuseMalformedTarget: RequestHandler = (req, res, next) => {
  if (!malformed.has(req) && decodes(req.path)) return next();
  res.set('Cache-Control', 'no-store');
  // A request the site cannot place (no Host, two of them, no target it knows): nothing more is
  // read from its connection, as Node's own refusals do.
  if (malformed.has(req)) res.set('Connection', 'close');
  if (req.path.startsWith('/api/')) sendRefusal(req, res, refuse('MALFORMED_TARGET'));
  else res.status(400).type('html').send(MALFORMED_HTML);
};
