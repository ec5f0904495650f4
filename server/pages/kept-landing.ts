import type { RequestHandler } from 'express';
import { carriesBody } from '../http/body-limit';
import { isMalformed } from '../http/request-target';
import type { ResponseHeaders } from '../http/security';
import type { PageRenderer } from './renderer';

/**
 * GET / as nearly every visit sends it: no query, no body, no validator, a well-formed target.
 * Answered ahead of the steps that set headers one by one, so that the response headers and the
 * page's go out in one writeHead of a list, which Node writes without building its per-name
 * header table, and skips four router layers: GET / served 0.62 of the bare handler's requests a
 * second before, 0.72 after, pinned (docs/performance.md, "The kept landing page in one writeHead";
 * decision 039). The app places it right after the access log; what it does not answer goes on to
 * the usual route for "/", which answers with the same headers.
 * The checks placed after it would let such a request through: it carries no body (boundBody),
 * and its target and Host are well formed (refuseMalformedTarget).
 */
export function keptLanding(renderPage: PageRenderer, headers: ResponseHeaders): RequestHandler {
  return (req, res, next) => {
    const plain =
      req.url === '/' && req.headers['if-none-match'] === undefined && !carriesBody(req) && !isMalformed(req);
    if (!plain || !renderPage.sendLanding(req, res, headers.of(req, res))) next();
  };
}
