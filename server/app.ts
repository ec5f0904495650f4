import compression from 'compression';
import express from 'express';
import { ASSET_PREFIX, buildPaths, type Manifest } from './assets';
import { apiNotFound, errorHandler } from './errors';
import type { Logger } from './logger';
import { renderPage } from './render';
import { securityHeaders } from './security';

export type AppDeps = {
  logger: Logger;
  manifest: Manifest;
  assetsDir?: string;
  publicDir?: string;
};

/** Builds the whole site; never listens (server/index.ts does). */
export function createApp({ logger, manifest, assetsDir = buildPaths.assets, publicDir = buildPaths.public }: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.use(compression());

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  // Hashed names never change content, so browsers may keep them for a year.
  app.use(ASSET_PREFIX, express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use('/images', express.static(`${publicDir}/images`, { maxAge: '1d', index: false, fallthrough: false }));
  app.use(express.static(publicDir, { maxAge: '1d', index: false }));

  app.use('/api', apiNotFound);
  app.use((req, res) => renderPage(req, res, manifest, logger));
  app.use(errorHandler(logger));
  return app;
}
