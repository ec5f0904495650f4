import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// One temporary folder for the whole run, removed at its end (test/temp-root.ts).
const TEMP = './test/temp-root.ts';
// The production build, made once before the projects that run it (test/global-setup.ts).
const BUILD = [TEMP, './test/global-setup.ts'];
const CODE = '{server,client,shared}';

// Four layers (docs/testing.md): `npm run test:fast` runs the first two, `npm test` all four.
export default defineConfig({
  test: {
    // Vitest's own report, then which tests were skipped for want of which tool (test/support/tools.ts).
    reporters: ['default', './test/tools-reporter.ts'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // One file per core, not Vitest's one fewer: most files wait on peers (databases, Chromium)
    // more than they compute, and on two cores one fewer is one. The layers run one after the
    // other (groupOrder), so that no test shares the machine with another layer's heavier peers.
    maxWorkers: availableParallelism(),
    projects: [
      {
        // Beside the code, no build and no app: functions, stores, the browser islands in jsdom.
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // test/*.test.ts: the repository's own, such as every cited path existing.
          include: [`${CODE}/**/*.test.{ts,tsx}`, 'test/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.http.test.*'],
          globalSetup: [TEMP],
        },
      },
      {
        // The whole app (createApp) over HTTP, with supertest or on a loopback port; no build.
        extends: true,
        test: {
          name: 'http',
          sequence: { groupOrder: 0 },
          include: [`${CODE}/**/*.http.test.{ts,tsx}`],
          globalSetup: [TEMP],
          // Real requests through the whole app, beside other files: seconds on a busy machine.
          testTimeout: 15_000,
        },
      },
      {
        // The build itself, and the built server as a process: signals, logs, the proxy, containers.
        extends: true,
        test: {
          name: 'e2e',
          // Last and one file at a time: a replica's restart under load, or the Docker stack's
          // health checks, must not wait behind another file's servers, containers or browser.
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
          include: [
            'e2e/process/**/*.test.ts',
            'e2e/deploy/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          globalSetup: BUILD,
          // A process starts, drains and exits in seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        // The built server in a real Chromium.
        extends: true,
        test: {
          name: 'browser',
          sequence: { groupOrder: 1 },
          include: ['e2e/browser/**/*.test.ts'],
          globalSetup: BUILD,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
