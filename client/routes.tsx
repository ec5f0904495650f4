import { Outlet, type RouteObject, type StaticHandlerContext } from 'react-router';
import { applicationPage } from '../shared/application-page';
import { notFound, privacy, quotePage, quoteSentPage, seo } from '../shared/content';
import { ApplicationPage, ApplicationSentPage } from './pages/ApplicationPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { QuotePage } from './pages/QuotePage';
import { QuoteSentPage } from './pages/QuoteSentPage';

export type PageMeta = {
  title: string;
  description: string;
  noindex?: boolean;
  /** The page's own address, for its canonical link; the home page's when unset. */
  path?: string;
};

/** What the document needs of a page besides its body: its head and the script it loads, if any. */
export type PageHandle = { script?: PageScript; meta: PageMeta };

/** The pages' scripts, each a build entry (scripts/build-options.ts). */
export type PageScript = 'landing' | 'quote' | 'application' | 'notFound';

/**
 * The site's pages, for React Router's static handler (server/pages/renderer.ts), which decides
 * the page and its status. A path no route matches is React Router's 404: it renders the root's
 * error element, so no catch-all route of ours answers 200 with a status of its own. The root's
 * handle is therefore the not-found page's; no route loads data, so that 404 is the only error.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
    errorElement: <NotFoundPage />,
    handle: {
      script: 'notFound',
      meta: { title: notFound.title, description: seo.description, noindex: true },
    } satisfies PageHandle,
    children: [
      {
        id: 'landing',
        path: '/',
        element: <LandingPage />,
        handle: { script: 'landing', meta: { title: seo.title, description: seo.description } } satisfies PageHandle,
      },
      {
        id: 'privacy',
        path: privacy.path,
        element: <PrivacyPage />,
        handle: {
          meta: { title: privacy.title, description: privacy.description, path: privacy.path },
        } satisfies PageHandle,
      },
      {
        id: 'quote',
        path: quotePage.path,
        element: <QuotePage />,
        handle: {
          script: 'quote',
          meta: { title: quotePage.title, description: quotePage.description, path: quotePage.path },
        } satisfies PageHandle,
      },
      {
        id: 'quoteSent',
        path: quoteSentPage.path,
        element: <QuoteSentPage />,
        // A visitor's own confirmation: no page for a search engine.
        handle: {
          meta: { title: quoteSentPage.title, description: quotePage.description, noindex: true },
        } satisfies PageHandle,
      },
      {
        id: 'application',
        path: applicationPage.path,
        element: <ApplicationPage />,
        handle: {
          script: 'application',
          meta: { title: applicationPage.title, description: applicationPage.description, path: applicationPage.path },
        } satisfies PageHandle,
      },
      {
        id: 'applicationSent',
        path: applicationPage.sent.path,
        element: <ApplicationSentPage />,
        handle: {
          meta: { title: applicationPage.sent.title, description: applicationPage.description, noindex: true },
        } satisfies PageHandle,
      },
    ],
  },
];

/** The page React Router chose: the deepest route it matched (only the root, for no match). */
export const pageOf = (context: StaticHandlerContext) => context.matches.at(-1)!.route.handle as PageHandle;
