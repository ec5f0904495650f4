import { type ChildProcess, type ChildProcessWithoutNullStreams, type SpawnOptions, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type RunningServer = {
  url: string;
  dataDir: string;
  child: ChildProcessWithoutNullStreams;
  /** Every JSON line the server wrote to stdout so far. */
  logs: Record<string, unknown>[];
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  stop: () => Promise<number | string>;
};

export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'site-e2e-'));

/**
 * Spawns the built server exactly as the container runs it: `node dist/server/index.js`. No drain
 * unless the test asks for one: no proxy routes to it, and a test's stop() need not wait.
 */
export function spawnServer(
  env: Record<string, string> = {},
  dataDir = tempDataDir(),
  as: Pick<SpawnOptions, 'uid' | 'gid'> = {},
) {
  return spawn(process.execPath, ['dist/server/index.js'], {
    ...as,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
  });
}

/** Resolves with the exit code (or the signal's name); call it right after spawning, before the exit can pass unseen. */
export const whenExited = (child: ChildProcess) =>
  new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));

/** SIGTERM, and SIGKILL if it is still there after 15 s: a test never leaves a server behind. */
export async function stopProcess(child: ChildProcess, exited: Promise<number | string>) {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await exited;
  clearTimeout(killer);
  return code;
}

/** Starts the built server on a free port and waits until it listens. */
export const startServer = (env: Record<string, string> = {}, dataDir = tempDataDir()) =>
  whenListening(spawnServer(env, dataDir), dataDir);

/** Waits until `child`, a server just spawned, listens; collects its log lines meanwhile and after. */
export async function whenListening(child: ChildProcessWithoutNullStreams, dataDir: string): Promise<RunningServer> {
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = whenExited(child);

  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      logs.push(entry);
      if (entry.msg === 'servidor no ar') resolve(Number(entry.port));
    });
    void exited.then((code) => reject(new Error(`o servidor saiu (${code}) antes de escutar: ${stderr}`)));
  });

  const stop = () => stopProcess(child, exited);
  return { url: `http://127.0.0.1:${port}`, dataDir, child, logs, stderr: () => stderr, exited, stop };
}
