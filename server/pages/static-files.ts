import { existsSync, readdirSync } from 'node:fs';
import { Router } from 'express';
import expressStaticGzip, { type ExpressStaticGzipOptions } from 'express-static-gzip';
import { allowOnly } from '../http/methods';
import { ASSET_PREFIX } from './assets';

// No redirect from a folder ("/images") to its slash: serve-static would answer it with a page of
// its own. A folder is a 404 like any missing file.
const precompressed = (dir: string, serveStatic: ExpressStaticGzipOptions['serveStatic']) =>
  expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { ...serveStatic, redirect: false },
  });

/**
 * The build's files, in the brotli or gzip variant written at build time. A miss under
 * /assets or /images is a plain 404, never the HTML page.
 */
export function staticFiles(assetsDir: string, publicDir: string) {
  const router = Router();
  const getOnly = allowOnly('GET');
  // Hashed names never change content, so browsers may keep them for a year.
  router.use(
    ASSET_PREFIX,
    getOnly,
    precompressed(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(
    '/images',
    getOnly,
    precompressed(`${publicDir}/images`, { maxAge: '1d', index: false, fallthrough: false }),
  );

  // The other public files (icons, sharing image) are known at start-up: page requests skip
  // the file system entirely instead of paying a stat and a 404 error object each.
  const rootFiles = new Set(existsSync(publicDir) ? readdirSync(publicDir).map((name) => `/${name}`) : []);
  const servePublic = precompressed(publicDir, { maxAge: '1d', index: false });
  router.use((req, res, next) => {
    if (!rootFiles.has(req.path)) return next();
    getOnly(req, res, (error?: unknown) => (error ? next(error) : servePublic(req, res, next)));
  });
  return router;
}
