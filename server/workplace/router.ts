import compression from 'compression';
import { type RequestHandler, type Response, Router } from 'express';
import { readBody } from '../http/body';
import { refuseCrossSite } from '../http/cross-site';
import { allowOnly } from '../http/methods';
import { requireAccess } from './access';
import type { WorkplaceContext } from './context';
import type { WorkplaceRoute } from './route';

type RouterDeps = Pick<WorkplaceContext, 'render' | 'publicUrl'> & {
  routes: WorkplaceRoute[];
  /** Reads the request's session into res.locals.signedIn, before any guard looks at it. */
  loadSession: RequestHandler;
};

/**
 * The signed-in part as one router. Sessions are read only here: the public pages never touch the
 * cookie or the database for it. Every POST comes from this site only (Origin / Sec-Fetch-Site,
 * as the public form) and carries a bounded body.
 */
export function workplaceRouter({ routes, loadSession, render, publicUrl }: RouterDeps) {
  // Crawlers index none of it, JSON replies and redirects included (the pages also say so in HTML);
  // and no cache keeps any of it: a name, the team, an export (ASVS 5.0 14.3.2).
  const workplaceHeaders: RequestHandler = (_req, res, next) => {
    res.set({ 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' });
    next();
  };
  const router = Router({ caseSensitive: true, strict: true });
  const forbidden = (res: Response, message: string) => render(res, 403, 'forbidden', { message });
  // Rendered per request, so compressed as they go: a page carries the site's 19 KB stylesheet.
  const compress = compression();
  const paths = Map.groupBy(routes, (route) => route.path);
  const guards = [refuseCrossSite(publicUrl), readBody];
  for (const [path, handlers] of paths) {
    router.route(path).all(allowOnly(...handlers.map(({ method }) => method)), workplaceHeaders, compress, loadSession);
    for (const { method, access, reply, handle } of handlers) {
      const chain = [...(method === 'POST' ? guards : []), requireAccess(access, reply, forbidden), handle].flat();
      if (method === 'GET') router.get(path, ...chain);
      else router.post(path, ...chain);
    }
  }
  return router;
}
