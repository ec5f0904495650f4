import { Writable } from 'node:stream';
import { createApp, type AppDeps } from './app';
import type { Manifest } from './assets';
import { createLogger } from './logger';

export const testManifest: Manifest = {
  stylesheet: '/assets/styles-TEST.css',
  scripts: { landing: '/assets/entry-TEST.js', notFound: '/assets/not-found-TEST.js' },
};

/** The app as production builds it, with a logger whose lines the test can read. */
export function createTestApp(overrides: Partial<AppDeps> = {}) {
  const logs: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('info', destination);
  const app = createApp({ logger, manifest: testManifest, ...overrides });
  return { app, logs };
}
