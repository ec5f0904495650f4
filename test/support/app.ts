import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { onTestFinished } from 'vitest';
import { municipalitiesAsset } from '../../scripts/build-options';
import { type AppDeps, createApp } from '../../server/app';
import { AUDIT_ACTIONS } from '../../server/composition/audit';
import type { Repository, RepositoryOptions } from '../../server/composition/repository';
import { openSqlite } from '../../server/composition/repository';
import { moduleRoutes } from '../../server/composition/routes';
import { requireAdmin, WRONG_TOKENS } from '../../server/http/admin';
import { attemptLimiter } from '../../server/http/attempt-limit';
import { inlinedCode, type Manifest } from '../../server/pages/assets';
import { stampsSignedWith } from '../../server/pages/render-stamp';
import { createPageRenderer } from '../../server/pages/renderer';
import { createLogger } from '../../server/process/logger';
import { DEFAULT_CALENDAR } from '../../shared/holidays';
import { indexMunicipalities, type MunicipalityIndex, type MunicipalityList } from '../../shared/municipalities';

export const testManifest: Manifest = {
  css: inlinedCode('body{margin:0}'),
  scripts: {
    landing: inlinedCode('document.body.dataset.test="landing"'),
    quote: inlinedCode('document.body.dataset.test="landing"'),
    application: inlinedCode('document.body.dataset.test="landing"'),
    notFound: inlinedCode('console.warn(404)'),
  },
  favicon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
  islandStylesheets: { contact: '/assets/toasts-TEST.css', quote: '/assets/quote-TEST.css' },
  municipalities: '/assets/municipios-TEST.json',
  team: { script: '/assets/team-TEST.js', stylesheet: '/assets/team-styles-TEST.css' },
  driver: { script: '/assets/driver-TEST.js' },
  chunks: {
    landing: ['/assets/chunks/hydrate-TEST.js', '/assets/chunks/HeaderMenu-TEST.js'],
    quote: ['/assets/chunks/hydrate-TEST.js'],
    application: ['/assets/chunks/hydrate-TEST.js'],
    notFound: [],
  },
};

export const tempDir = () => mkdtempSync(path.join(tmpdir(), 'site-test-'));

/**
 * The files the app serves, without a build: public/ as the build copies it (minus the
 * precompressed variants), and an empty asset folder, as testManifest's scripts exist nowhere.
 * So HTTP tests never read dist/, which a build running beside them may be rewriting.
 */
let emptyAssets: string | undefined;
function unbuiltFiles() {
  emptyAssets ??= tempDir();
  return { publicDir: path.resolve('public'), assetsDir: emptyAssets };
}

/** The municipalities the build ships, made from datasets/ibge/ as the build makes them, indexed once per test file. */
let municipalities: MunicipalityIndex | undefined;
export const testMunicipalities = () =>
  (municipalities ??= indexMunicipalities(JSON.parse(municipalitiesAsset().content) as MunicipalityList));

/** A real SQLite repository in a fresh directory; call it inside a test, which closes it when done. */
export function testRepository(dataDir = tempDir(), options?: RepositoryOptions) {
  const repository = openSqlite(dataDir, options);
  onTestFinished(() => repository.close());
  return repository;
}

/** A logger whose lines the test can read. */
export function captureLogger() {
  const logs: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('info', destination), logs };
}

/**
 * Render stamps that all say `time`: a page with the form is then the same bytes on every request,
 * as it was before the stamp, and its encodings decode to exactly its identity body.
 */
export function stampsAt(time: number) {
  const stamps = stampsSignedWith(randomBytes(32));
  return { ...stamps, sign: () => stamps.sign(time) };
}

/**
 * The app as production builds it, with a logger whose lines the test can read; call it inside a
 * test. Without a repository of its own it gets a fresh SQLite one, closed when the test ends; without
 * stamps of its own, stamps signed with a key of this app's, which the test reads as `stamps`.
 */
export function createTestApp(overrides: Partial<AppDeps> = {}) {
  const { logger, logs } = captureLogger();
  const repository = overrides.repository ?? testRepository();
  const stamps = overrides.stamps ?? stampsSignedWith(randomBytes(32));
  const app = createApp({
    logger,
    manifest: testManifest,
    repository,
    stamps,
    municipalities: testMunicipalities(),
    ...unbuiltFiles(),
    ...overrides,
  });
  return { app, logs, repository, stamps };
}

/**
 * The modules' routes as an app with `repository` builds them (server/composition/routes.ts), for a
 * test that reads the route table itself: no limits, no token, stamps of a key of its own.
 */
export function testModuleRoutes(repository: Repository) {
  const { logger } = captureLogger();
  const publicUrl = new URL('http://localhost:3000');
  return moduleRoutes({
    ...repository,
    logger,
    publicUrl,
    manifest: testManifest,
    calendar: DEFAULT_CALENDAR,
    mailOn: false,
    rateLimitCounters: repository.rateLimitCounters,
    renderPage: createPageRenderer(
      testManifest,
      logger,
      publicUrl,
      { retentionDays: 365, applicationRetentionDays: 365 },
      stampsAt(0),
      async () => ({}),
    ),
    writeGuards: [],
    admin: requireAdmin(undefined, attemptLimiter(undefined, WRONG_TOKENS)),
    stamps: stampsSignedWith(randomBytes(32)),
    municipalities: testMunicipalities(),
    auditActions: AUDIT_ACTIONS,
  });
}
