import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../test/support/wait';

export const PRODUCTION_NODE_OPTIONS = '--max-semi-space-size=4 --max-old-space-size=192 --enable-source-maps';

/** Starts the built server (`node dist/server/index.js`) for a measuring script; ready once /health answers. */
export async function serveBuilt(env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      PATH: process.env.PATH,
      // Measured as the container runs it (the Dockerfile's ENV).
      NODE_ENV: 'production',
      NODE_OPTIONS: PRODUCTION_NODE_OPTIONS,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'site-measure-')),
      ...env,
    },
    // Request logs are part of the cost being measured: written to a pipe, as a container's log
    // driver reads them, and read here only to be dropped.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.resume();
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com ${child.exitCode}`);
    const ready = await fetch(`${url}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (attempt > 100) throw new Error('o servidor não respondeu em 10 s');
    await delay(100);
  }
  return { url, child, stop: () => child.kill('SIGTERM') };
}
