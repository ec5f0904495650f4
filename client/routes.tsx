import type { RouteObject } from 'react-router-dom';
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

// Every page has a fixed path; any other path is the catch-all's, "//" included, which
// matchRoutes would take for "/" (and "/%", which it would log a warning about).
const exactPaths = new Map(
  routes.filter(({ path }) => path && !/[:*]/.test(path)).map((route) => [route.path, route.handle]),
);
const catchAll = routes.find(({ path }) => path === '*')!.handle;

export function pageFor(pathname: string): PageHandle {
  return exactPaths.get(pathname) ?? catchAll;
}
