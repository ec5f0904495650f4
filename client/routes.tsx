import { matchRoutes, type RouteObject } from 'react-router-dom';
import { notFound, seo } from '../shared/content';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';

export type PageMeta = { title: string; description: string; noindex?: boolean };

/** What the server needs to know about a page before it renders it. */
export type PageHandle = {
  status: 200 | 404;
  script: 'landing' | 'notFound';
  meta: PageMeta;
  /** The URL the page is rendered at once and kept: the same bytes serve every matching path. */
  renderUrl: string;
};

type PageRoute = RouteObject & { handle: PageHandle };

export const routes: PageRoute[] = [
  {
    path: '/',
    element: <LandingPage />,
    handle: {
      status: 200,
      script: 'landing',
      renderUrl: '/',
      meta: { title: seo.title, description: seo.description },
    },
  },
  {
    // React Router alone would answer 200 here; the server reads this handle and sends 404.
    path: '*',
    element: <NotFoundPage />,
    handle: {
      status: 404,
      script: 'notFound',
      renderUrl: '/404',
      meta: { title: notFound.title, description: seo.description, noindex: true },
    },
  },
];

// matchRoutes flattens and ranks the whole table on every call: a path that names a page
// exactly is answered from this map instead.
const exactPaths = new Map(
  routes.filter(({ path }) => path && !/[:*]/.test(path)).map((route) => [route.path, route.handle]),
);

export function pageFor(pathname: string): PageHandle {
  const exact = exactPaths.get(pathname);
  if (exact) return exact;
  const match = matchRoutes(routes, pathname)?.at(-1)?.route as PageRoute | undefined;
  return (match ?? routes[routes.length - 1]!).handle;
}
