import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { IslandStates } from '../client/islands/names';
import { type PageHandle, pageFor, routes } from '../client/routes';
import type { Manifest } from './assets';
import type { Logger } from './logger';
import { plainPage } from './plain-page';
import { renderDocument } from './render';

// Sent when React cannot render the page.
const RENDER_ERROR_HTML = plainPage({
  title: 'Erro temporário',
  heading: 'Estamos com um problema temporário',
  text: 'Não foi possível carregar a página agora. Tente novamente em alguns instantes.',
});

/** A page rendered for one request: another URL or status, or islands in a state of their own. */
export type PageVariant = { url: string; status: number; islands: IslandStates };

export type PageRenderer = ((req: Request, res: Response, variant?: PageVariant) => Promise<void>) & {
  /** Renders the kept pages now, so that the first visitor does not wait for it. */
  prerender: () => Promise<void>;
};

type Encoding = 'br' | 'gzip';

type Representation = { body: Buffer; etag: string };

// One ETag per content coding, taken from the bytes sent: a strong validator names one exact
// representation (RFC 9110 §8.8.3), so a cache holding the gzip bytes can never be told
// "not modified" about the brotli ones.
const representation = (body: Buffer): Representation => ({
  body,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

type EncodedPage = Record<Encoding | 'identity', Representation>;

function encode(html: Buffer): EncodedPage {
  return {
    identity: representation(html),
    br: representation(
      brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    ),
    gzip: representation(gzipSync(html, { level: constants.Z_BEST_COMPRESSION })),
  };
}

/** Brotli whenever the browser takes it: it is the smaller of the two. */
const preferredEncoding = (req: Request) =>
  (['br', 'gzip'] as const).find((name) => req.acceptsEncodings(name) === name);

// A variant is sent once, so it is compressed quickly rather than as small as possible.
const brotliAsync = promisify(brotliCompress);
const compressVariant: Record<Encoding, (html: Buffer) => Promise<Buffer>> = {
  br: (html) => brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: promisify(gzip),
};

function sendBody(res: Response, encoding: Encoding | undefined, body: Buffer) {
  if (encoding) res.set('Content-Encoding', encoding);
  res.set('Content-Length', String(body.length)).end(body);
}

const htmlHeaders = (res: Response, status: number) =>
  res
    .status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set('Cache-Control', 'no-cache')
    // A buffering proxy must not hold the page back.
    .set('X-Accel-Buffering', 'no')
    .set('Vary', 'Accept-Encoding');

/**
 * The landing and 404 pages are rendered once per process and kept with their compressed
 * variants, each with its ETag; only variants (the form's outcome without JavaScript) render
 * per request.
 */
export function createPageRenderer(manifest: Manifest, logger: Logger, publicUrl: URL): PageRenderer {
  const assets = { css: manifest.css.text, islandStylesheets: manifest.islandStylesheets };
  const siteFor = (page: PageHandle) => ({
    assets: { ...assets, prefetch: manifest.prefetch[page.script] },
    publicUrl: publicUrl.href,
  });
  const kept = new Map<PageHandle['script'], Promise<EncodedPage>>();
  const keptPage = (page: PageHandle) => {
    let encoded = kept.get(page.script);
    if (!encoded) {
      encoded = renderDocument({ url: page.renderUrl, ...siteFor(page) }, manifest.scripts[page.script]).then(encode);
      // A failed render is not kept: the next request tries again.
      encoded.catch(() => kept.delete(page.script));
      kept.set(page.script, encoded);
    }
    return encoded;
  };

  const prerender = async () => {
    await Promise.all(routes.map(({ handle }) => keptPage(handle)));
  };

  const render = async (req: Request, res: Response, variant?: PageVariant) => {
    // req.path as sent: WHATWG URL parsing would read "///x" or "/\evil.example" as "/".
    const page = pageFor(variant ? '/' : req.path);
    if (page.status === 404) logger.info({ method: req.method, path: req.path }, 'página não encontrada');
    try {
      const encoding = preferredEncoding(req);
      if (variant) {
        const html = await renderDocument({ ...variant, ...siteFor(page) }, manifest.scripts[page.script]);
        const body = encoding ? await compressVariant[encoding](html) : html;
        sendBody(htmlHeaders(res, variant.status).set('Cache-Control', 'no-store'), encoding, body);
        return;
      }
      const chosen = (await keptPage(page))[encoding ?? 'identity'];
      htmlHeaders(res, page.status).set('ETag', chosen.etag);
      // Express answers fresh only for 2xx, so the 404 page is always sent whole.
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      sendBody(res, encoding, chosen.body);
    } catch (error) {
      logger.error({ err: error, path: req.path }, 'falha ao renderizar a página');
      res
        .status(500)
        .set('Content-Type', 'text/html; charset=utf-8')
        .set('Cache-Control', 'no-store')
        .send(RENDER_ERROR_HTML);
    }
  };
  return Object.assign(render, { prerender });
}
