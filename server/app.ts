import compression from 'compression';
import express from 'express';
import { contactsRouter } from './api/contacts';
import { ASSET_PREFIX, buildPaths, type Manifest } from './assets';
import { confirmationVariant } from './contact-form-page';
import type { Repository } from './db/repository';
import { apiNotFound, errorHandler } from './errors';
import { healthRouter } from './health';
import type { Logger } from './logger';
import { createPageRenderer } from './render';
import { securityHeaders } from './security';

export type AppDeps = {
  logger: Logger;
  manifest: Manifest;
  repository: Repository;
  assetsDir?: string;
  publicDir?: string;
};

/** Builds the whole site; never listens (server/index.ts does). */
export function createApp({ logger, manifest, repository, assetsDir = buildPaths.assets, publicDir = buildPaths.public }: AppDeps) {
  const app = express();
  const renderPage = createPageRenderer(manifest, logger);
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.use(compression());

  app.use('/health', healthRouter(repository, logger));

  // Hashed names never change content, so browsers may keep them for a year.
  app.use(ASSET_PREFIX, express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use('/images', express.static(`${publicDir}/images`, { maxAge: '1d', index: false, fallthrough: false }));
  app.use(express.static(publicDir, { maxAge: '1d', index: false }));

  app.use('/api/contacts', contactsRouter(repository, renderPage));
  app.use('/api', apiNotFound);
  app.use((req, res) => renderPage(req, res, confirmationVariant(req)));
  app.use(errorHandler(logger));
  return app;
}
