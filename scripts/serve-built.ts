import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** Starts the built server (`node dist/server/index.js`) on a free port for a measuring script. */
export async function serveBuilt(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'site-measure-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'servidor no ar') resolve(Number(entry.port));
    });
    child.once('exit', (code) => reject(new Error(`o servidor saiu com ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, stop: () => child.kill('SIGTERM') };
}
