import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { createStaticHandler, createStaticRouter, type RouteObject } from 'react-router';
import type { IslandStates } from '../../client/islands/names';
import { pageOf, routes } from '../../client/routes';
import type { LiveContent, PrivacyFacts } from '../../shared/content';
import { loggedPath } from '../http/log-text';
import type { Logger } from '../process/logger';
import type { Manifest } from './assets';
import { type PageStamps, stamped, stampedHead, stampedPage } from './form-stamp';
import { type Encoding, encode, type KeptPage, keeper } from './kept-pages';
import { liveContent } from './live-content';
import { plainPage } from './plain-page';
import { renderDocument } from './render';

// Sent when React cannot render the page.
const RENDER_ERROR_HTML = plainPage({
  title: 'Erro temporário',
  heading: 'Estamos com um problema temporário',
  text: 'Não foi possível carregar a página agora. Tente novamente em alguns instantes.',
});

/** A page with its islands in a state of their own: the outcome of a form post. */
export type PageVariant = {
  status: number;
  /** The page's path: the landing page's unless given (the quote form's is /cotacao). */
  path?: string;
  islands: IslandStates;
  /**
   * Holds what the visitor typed: rendered for this request only and sent no-store. Any other
   * variant is the same for every visitor, so it is rendered once and kept like the landing page.
   */
  personal?: boolean;
};

export type PageRenderer = ((req: Request, res: Response, variant?: PageVariant) => Promise<void>) & {
  /** Renders the kept pages now, so that the first visitor does not wait for it. */
  prerender: (...variants: PageVariant[]) => Promise<void>;
};

/** Brotli whenever the browser takes it: it is the smaller of the two. */
const preferredEncoding = (req: Request) =>
  (['br', 'gzip'] as const).find((name) => req.acceptsEncodings(name) === name);

// A personal variant is sent once, so it is compressed quickly rather than as small as possible.
const brotliAsync = promisify(brotliCompress);
const compressVariant: Record<Encoding, (html: Buffer) => Promise<Buffer>> = {
  br: (html) => brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: promisify(gzip),
};

/** A kept page is the same for everyone, but is checked again before a cache reuses it. */
const KEPT_CACHE_CONTROL = 'no-cache';

/** A page's representation as sent: its Cache-Control, its coding, and its validator if kept. */
type Sent = { cacheControl: string; encoding?: Encoding; etag?: string };

/**
 * Sends a page with Express's res.send, which sets Content-Length, answers HEAD without the body,
 * and answers 304 to a GET or HEAD of a 2xx whose If-None-Match names the ETag.
 */
function sendPage(res: Response, status: number, sent: Sent, body: Buffer) {
  res.status(status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': sent.cacheControl });
  res.vary('Accept-Encoding');
  if (sent.etag) res.set('ETag', sent.etag);
  if (sent.encoding) res.set('Content-Encoding', sent.encoding);
  res.send(body);
}

/**
 * Shared variants kept at once (docs/requirements.md §4.2): the confirmation, and a refusal's
 * page per distinct message (the rate limit's names the minutes to wait, at most 60 with the
 * default windows). Past it, the oldest goes and is rendered again if asked for.
 */
const MAX_KEPT_VARIANTS = 100;

/** Any path no route has: React Router answers it with the not-found page and 404. */
const NO_ROUTE = '/404';

/** The paths of the route table's pages (each a fixed, absolute path). */
export const pathsOf = (table: RouteObject[]): string[] =>
  table.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);

/**
 * Pages are rendered once per content revision and kept with their compressed encodings, each with
 * its ETag: the landing and 404 pages, and the variants every visitor shares (docs/requirements.md
 * §4.2). Only a personal variant (the form's errors beside the visitor's values) renders per request.
 * `readLive` reads what the pages show from the database (the open positions); a change to it
 * renders them again (docs/decisions/048-positions-on-the-kept-page.md).
 */
export function createPageRenderer(
  manifest: Manifest,
  logger: Logger,
  publicUrl: URL,
  privacy: PrivacyFacts,
  stamps: PageStamps,
  readLive: () => Promise<LiveContent>,
): PageRenderer {
  const pageRoutes = createStaticHandler(routes);
  const pagePaths = new Set(pathsOf(routes));
  const live = liveContent(readLive, logger);

  /** React Router's answer for one of our own paths: the page, its status, and the document. */
  const renderPath = async (path: string, content: LiveContent, islands?: IslandStates) => {
    const context = await pageRoutes.query(new Request(new URL(path, 'http://localhost')));
    // A Response is a loader's or a redirect's, and no route has either.
    if (context instanceof Response) throw new Error(`resposta inesperada do roteador para ${path}`);
    const routing = { router: createStaticRouter(pageRoutes.dataRoutes, context), context };
    const { script } = pageOf(context);
    const assets = {
      css: manifest.css.text,
      favicon: manifest.favicon,
      islandStylesheets: manifest.islandStylesheets,
      municipalities: manifest.municipalities,
    };
    const html = await renderDocument(
      { routing, islands, assets, publicUrl: publicUrl.href, privacy, live: content },
      script && manifest.scripts[script].text,
    );
    return { status: context.statusCode, html };
  };
  /**
   * A page rendered once and kept: compressed once, or, with the contact form, made whole with a
   * stamp of the moment at most about once a second (form-stamp.ts).
   */
  const renderKept = async (
    path: string,
    content: LiveContent,
    islands?: IslandStates,
    status?: number,
  ): Promise<KeptPage> => {
    const page = await renderPath(path, content, islands);
    const head = stampedHead(page.html);
    if (head) return stampedPage(status ?? page.status, head, stamps);
    const encoded = await encode(status ?? page.status, page.html);
    return async () => encoded;
  };
  // A revision's pages push out the last one's, oldest first.
  const keepPage = keeper(pagePaths.size + 1);
  const keepVariant = keeper(MAX_KEPT_VARIANTS);
  const keptVariant = async (variant: PageVariant) => {
    const { content, revision } = await live();
    return keepVariant(JSON.stringify([revision, variant.path, variant.status, variant.islands]), () =>
      renderKept(variant.path ?? '/', content, variant.islands, variant.status),
    );
  };
  /**
   * The kept page of the route whose path a request's is exactly, else React Router's page for no
   * match. React Router is asked once per page, not per request, and it reads "//" as "/" (it
   * ignores trailing slashes), where only "/" itself is the landing page (§2.1).
   */
  const keptPage = async (path: string) => {
    const key = pagePaths.has(path) ? path : NO_ROUTE;
    const { content, revision } = await live();
    return keepPage(`${revision} ${key}`, () => renderKept(key, content));
  };

  const prerender = async (...variants: PageVariant[]) => {
    const kept = await Promise.all([...[...pagePaths, NO_ROUTE].map(keptPage), ...variants.map(keptVariant)]);
    await Promise.all(kept.map((page) => page()));
  };

  const render = async (req: Request, res: Response, variant?: PageVariant) => {
    try {
      const encoding = preferredEncoding(req);
      if (variant?.personal) {
        const { html: rendered } = await renderPath(variant.path ?? '/', (await live()).content, variant.islands);
        const head = stampedHead(rendered);
        const html = head ? stamped(head, stamps) : rendered;
        const body = encoding ? await compressVariant[encoding](html) : html;
        sendPage(res, variant.status, { cacheControl: 'no-store', encoding }, body);
        return;
      }
      // req.path as sent: WHATWG URL parsing would read "///x" or "/\evil.example" as "/".
      const kept = await (variant ? keptVariant(variant) : keptPage(req.path));
      const page = await kept();
      const { body, etag } = page[encoding ?? 'identity'];
      sendPage(res, page.status, { cacheControl: KEPT_CACHE_CONTROL, encoding, etag }, body);
    } catch (error) {
      logger.error({ err: error, path: loggedPath(req.path) }, 'falha ao renderizar a página');
      res
        .status(500)
        .set('Content-Type', 'text/html; charset=utf-8')
        .set('Cache-Control', 'no-store')
        .send(RENDER_ERROR_HTML);
    }
  };
  return Object.assign(render, { prerender });
}
