import compression from 'compression';
import express from 'express';
import type { PrivacyFacts } from '../shared/content';
import { type BusinessCalendar, DEFAULT_CALENDAR } from '../shared/holidays';
import type { MunicipalityIndex } from '../shared/municipalities';
import { applicationRoutes } from './applications/routes';
import { AUDIT_ACTIONS } from './composition/audit';
import { openApiRouter } from './composition/openapi';
import type { Repository } from './composition/repository';
import { liveReader, moduleRoutes } from './composition/routes';
import { workplace } from './composition/workplace';
import { CONFIRMATION } from './contacts/form-pages';
import { csvExports, exportsRouter } from './exports/routes';
import { requireAdmin, WRONG_TOKENS } from './http/admin';
import { attemptLimiter } from './http/attempt-limit';
import { boundBody } from './http/body-limit';
import { refuseCrossSite } from './http/cross-site';
import { apiNotFound, errorHandler } from './http/errors';
import { allowOnly } from './http/methods';
import { postRateLimits, type RateLimits } from './http/rate-limit';
import { requestLogging } from './http/request-logging';
import { refuseMalformedTarget, siteListener } from './http/request-target';
import { responseHeaders } from './http/security';
import { warnUntrustedProxy } from './http/untrusted-proxy';
import { LARGER_BODIES } from './larger-bodies';
import type { Mount } from './module/contract';
import { healthRouter } from './monitoring/health';
import { countingLeads } from './monitoring/lead-counter';
import { createMetrics, type Metrics } from './monitoring/metrics';
import { metricsEndpoint, rememberMount, requestTimer } from './monitoring/metrics-routes';
import { buildPaths, type Manifest } from './pages/assets';
import type { RenderStamps } from './pages/render-stamp';
import { createPageRenderer } from './pages/renderer';
import { seoRouter } from './pages/seo';
import { staticFiles } from './pages/static-files';
import { subjectsRouter } from './personal-data/subjects';
import type { TrustProxy } from './process/config-values';
import type { Logger } from './process/logger';
import { proposalRouter, WRONG_LINKS } from './proposals/public-routes';
import { quoteFormErrorPages } from './quotes/form-pages';
import { loadMunicipalities } from './quotes/places';
import { quotesRouter } from './quotes/routes';

export type AppDeps = {
  logger: Logger;
  manifest: Manifest;
  repository: Repository;
  /** The contact form's render stamps: written into every page with the form, checked on its posts. */
  stamps: RenderStamps;
  /** The Bearer token of the protected reads; without it they answer 403. */
  adminToken?: string;
  /** Aborted when the process starts shutting down: readiness turns 503. */
  draining?: AbortSignal;
  trustProxy?: TrustProxy;
  /** Off unless given: tests that are not about limits post freely. */
  rateLimits?: RateLimits;
  /** The site's public address: canonical links, sitemap, and HTTPS-only headers. */
  publicUrl?: URL;
  /** What the privacy notice says of the configuration; RETENTION_DAYS' default and no channels unless given. */
  privacy?: PrivacyFacts;
  /** HSTS with `preload` (HSTS_PRELOAD). */
  hstsPreload?: boolean;
  assetsDir?: string;
  publicDir?: string;
  /** Render the kept pages at once rather than on their first visit (the process entry does). */
  prerender?: boolean;
  /** What GET /metrics shows; the process entry adds the process's own metrics. */
  metrics?: Metrics;
  /** The IBGE municipalities quotes are resolved against; read from the build's asset unless given. */
  municipalities?: MunicipalityIndex;
  /** The days the promise's clock stops (OPTIONAL_HOLIDAYS); shared/holidays.ts's default unless given. */
  calendar?: BusinessCalendar;
};

/** Builds the whole site as a request listener; never listens (server/index.ts does). */
export function createApp(deps: AppDeps) {
  const { logger, manifest, stamps, draining = new AbortController().signal } = deps;
  const metrics = deps.metrics ?? createMetrics(deps.repository);
  const repository = countingLeads(deps.repository, metrics);
  const { assetsDir = buildPaths.assets, publicDir = buildPaths.public } = deps;
  const app = express();
  const publicUrl = deps.publicUrl ?? new URL('http://localhost:3000');
  const privacy = deps.privacy ?? { retentionDays: 365, applicationRetentionDays: 365 };
  // What the modules show on the kept pages from the database: the open positions of "Trabalhe conosco".
  const renderPage = createPageRenderer(manifest, logger, publicUrl, privacy, stamps, liveReader(repository));
  // A failure here is not fatal: the page is tried again on its first visit.
  if (deps.prerender)
    renderPage
      .prerender(CONFIRMATION)
      .catch((error: unknown) => logger.error({ err: error }, 'falha ao pré-renderizar as páginas'));
  app.disable('x-powered-by');
  // "/METRICS" and "/metrics/" are not "/metrics": the proxy in front matches exactly what the app
  // routes (deploy/haproxy/haproxy.cfg), and a crawler sees one address per page.
  app.enable('case sensitive routing');
  app.enable('strict routing');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(requestLogging(logger, requestTimer(metrics)));
  if (deps.trustProxy === undefined) app.use(warnUntrustedProxy(logger));
  const headers = responseHeaders({
    https: publicUrl.protocol === 'https:',
    hstsPreload: deps.hstsPreload,
    styleHashes: [manifest.css.hash],
    // Once each: /cotacao runs the landing page's script (the header is in every response's first round trip).
    scriptHashes: [...new Set(Object.values(manifest.scripts).map((script) => script.hash))],
  });
  app.use(headers.set, boundBody(LARGER_BODIES), refuseMalformedTarget);
  // The API token's one guard, its wrong guesses counted per address on the replicas' shared counters.
  const admin = requireAdmin(deps.adminToken, attemptLimiter(repository.rateLimitCounters, WRONG_TOKENS));
  // Every public write: from this site only, then within the client's limits.
  const rateLimits = postRateLimits(deps.rateLimits ?? { perMinute: 0, perHour: 0 }, {
    counters: repository.rateLimitCounters,
    logger,
    onLimited: () => metrics.rateLimited.inc(),
  });
  const writeGuards = [refuseCrossSite(publicUrl), ...rateLimits];
  const municipalities = deps.municipalities ?? loadMunicipalities(assetsDir, manifest.municipalities);
  const mailOn = repository.channels.includes('email');
  const modules = moduleRoutes({
    ...repository,
    logger,
    publicUrl,
    manifest,
    calendar: deps.calendar ?? DEFAULT_CALENDAR,
    mailOn,
    rateLimitCounters: repository.rateLimitCounters,
    renderPage,
    writeGuards,
    admin,
    stamps,
    municipalities,
    auditActions: AUDIT_ACTIONS,
  });
  const mount = (base: string, [path, ...handlers]: Mount) => app.use(`${base}${path}`, rememberMount, ...handlers);
  app
    .route('/metrics')
    .all(allowOnly('GET'))
    .get(...metricsEndpoint(metrics, admin));
  for (const site of modules.site) for (const first of site.first ?? []) mount('', first);
  // The page most visitors ask for first: no file, crawler file or API path is "/", so it is
  // answered before the requests walk through those routers.
  app
    .route('/')
    .all(allowOnly('GET'))
    .get(...modules.site.flatMap((site) => (site.home ? [site.home] : [])), (req, res) => renderPage(req, res));

  app.use('/health', rememberMount, healthRouter(repository.ping, logger, draining));

  app.use(staticFiles(assetsDir, publicDir));
  app.use(seoRouter(publicUrl));

  const exports = csvExports(repository);
  // The sales team's part (/entrar, /painel): sessions are read there alone.
  app.use(
    workplace({
      stores: repository,
      manifest,
      publicUrl,
      exports,
      mailOn,
      rateLimitCounters: repository.rateLimitCounters,
      calendar: deps.calendar,
      auditActions: AUDIT_ACTIONS,
      modules,
    }),
  );

  // Pages and files are sent precompressed; only the API's replies are compressed as they go.
  app.use('/api', compression());
  for (const site of modules.site) for (const api of site.api ?? []) mount('/api', api);
  const quotes = quotesRouter({
    stores: repository,
    renderPage,
    logger,
    writeGuards,
    admin,
    publicUrl,
    stamps,
    municipalities,
  });
  // As the contact form's: a visitor without JavaScript sees /cotacao with the reason, not JSON.
  app.use('/api/quotes', rememberMount, quotes, quoteFormErrorPages(renderPage));
  app.use(
    applicationRoutes({
      stores: repository,
      renderPage,
      logger,
      writeGuards,
      stamps,
      municipalities,
    }),
  );
  app.use('/api/openapi.json', rememberMount, openApiRouter());
  app.use('/api', rememberMount, exportsRouter(exports, admin));
  app.use('/api/subjects', rememberMount, subjectsRouter(repository.personalData, admin));
  app.use('/api', apiNotFound);
  for (const site of modules.site) for (const page of site.pages ?? []) mount('', page);
  // The customer's page of a proposal: its wrong links counted per address, as the API's wrong tokens.
  app.use(
    proposalRouter({
      stores: repository,
      manifest,
      publicUrl,
      writeGuards,
      wrongLinks: attemptLimiter(repository.rateLimitCounters, WRONG_LINKS),
    }),
  );
  app.use((req, res) => renderPage(req, res));
  app.use(errorHandler(logger));
  return siteListener(app);
}
