import compression from 'compression';
import express from 'express';
import { readBody } from './api/body';
import { contactsRouter } from './api/contacts';
import { honeypot } from './api/honeypot';
import { postRateLimits } from './api/rate-limit';
import { ASSET_PREFIX, buildPaths, type Manifest } from './assets';
import type { Config, TrustProxy } from './config';
import { confirmationVariant } from './contact-form-page';
import type { Repository } from './db/repository';
import { apiNotFound, errorHandler } from './errors';
import { healthRouter } from './health';
import type { Logger } from './logger';
import { createPageRenderer } from './render';
import { requestLogging } from './request-logging';
import { securityHeaders } from './security';

export type AppDeps = {
  logger: Logger;
  manifest: Manifest;
  repository: Repository;
  /** Aborted when the process starts shutting down: readiness turns 503. */
  draining?: AbortSignal;
  trustProxy?: TrustProxy;
  /** Off unless given: tests that are not about limits post freely. */
  rateLimits?: Config['rateLimits'];
  /** Served over HTTPS (PUBLIC_URL): enables upgrade-insecure-requests. */
  https?: boolean;
  assetsDir?: string;
  publicDir?: string;
};

/** Builds the whole site; never listens (server/index.ts does). */
export function createApp(deps: AppDeps) {
  const { logger, manifest, repository, draining = new AbortController().signal } = deps;
  const { assetsDir = buildPaths.assets, publicDir = buildPaths.public } = deps;
  const app = express();
  const renderPage = createPageRenderer(manifest, logger);
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(requestLogging(logger));
  app.use(securityHeaders({ https: deps.https }));
  app.use(compression());

  app.use('/health', healthRouter(repository, logger, draining));

  // Hashed names never change content, so browsers may keep them for a year.
  app.use(ASSET_PREFIX, express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use('/images', express.static(`${publicDir}/images`, { maxAge: '1d', index: false, fallthrough: false }));
  app.use(express.static(publicDir, { maxAge: '1d', index: false }));

  const rateLimits = postRateLimits(deps.rateLimits ?? { perMinute: 0, perHour: 0 }, renderPage);
  if (rateLimits.length > 0) app.post('/api/{*endpoint}', rateLimits);
  app.post('/api/contacts', ...readBody, honeypot(logger));
  app.use('/api/contacts', contactsRouter(repository, renderPage));
  app.use('/api', apiNotFound);
  app.use((req, res) => renderPage(req, res, confirmationVariant(req)));
  app.use(errorHandler(logger));
  return app;
}
