import type { RequestHandler } from 'express';
import { refuse } from './refusals';

/** The methods a path of this site may implement; GET brings HEAD, which Express answers with GET's handler. */
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * First on every path the site answers, with the methods the path implements: those go on to its
 * handlers; OPTIONS gets 204 with Allow and nothing else, no CORS header among them (the API is
 * for this site's own pages and for servers, docs/requirements.md §10.11); any other method gets
 * 405 with Allow. Without it Express answers OPTIONS itself, and hands any other method on to the
 * next route: TRACE / reached the page renderer, which answered it with the landing page.
 */
export function allowOnly(...methods: Method[]): RequestHandler {
  const allowed = new Set(methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])));
  const allow = [...allowed, 'OPTIONS'].join(', ');
  return (req, res, next) => {
    if (allowed.has(req.method)) return next();
    // A method the path does not implement (RFC 9110 §15.5.6): 405, with the ones it does in Allow.
    if (req.method !== 'OPTIONS') return next(refuse('METHOD_NOT_ALLOWED', allow, { headers: { Allow: allow } }));
    res.set('Allow', allow).status(204).end();
  };
}
