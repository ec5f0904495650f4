// The one launcher of the built server, for the measuring scripts and the tests alike: it starts
// `node dist/server/index.js` as the container does and says when it is ready. It lives here, not
// in test/, because the scripts may not import test support (biome.json).
import { type ChildProcess, type ChildProcessByStdio, type SpawnOptions, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** The Dockerfile's NODE_OPTIONS: `npm start`, the benchmark and the tests run the heap the image ships. */
export const PRODUCTION_NODE_OPTIONS = '--max-semi-space-size=4 --max-old-space-size=192 --enable-source-maps';

/** On a machine busy with other work a start takes seconds; past this it is not coming. */
const READY_WITHIN_MS = 30_000;

/** A server process whose output comes to us. */
type Piped = ChildProcessByStdio<Writable | null, Readable, Readable>;

export type ServedProcess = {
  url: string;
  dataDir: string;
  child: Piped;
  /** Every JSON line the server wrote to stdout so far (kept only when asked: a benchmark writes millions). */
  logs: Record<string, unknown>[];
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if need be; resolves with the exit code. */
  stop: () => Promise<number | string>;
};

type Options = {
  dataDir?: string;
  /** Keep every log line in `logs` (tests read them); otherwise stdout is read and dropped. */
  keepLogs?: boolean;
};

export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'site-built-'));

/**
 * A loopback port nothing listens on (yet): for a server started next, or for a peer that is
 * "down". Another process could take it in between; on loopback that is rare.
 */
export async function freePort() {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Another user to run the built server as, and, where that user cannot reach this checkout, a copy of it and of Node. */
export type BuiltUser = Pick<SpawnOptions, 'uid' | 'gid' | 'cwd'> & { node?: string };

/**
 * Spawns the built server with the image's environment (Dockerfile ENV) on loopback, its data in
 * `dataDir`, as the user `as` names if any. No drain unless `env` asks for one: no proxy routes to
 * it, so a stop need not wait. It does not wait for the start: see whenReady.
 */
export function spawnBuilt(
  env: Record<string, string> = {},
  { dataDir = tempDataDir(), as = {} }: { dataDir?: string; as?: BuiltUser } = {},
) {
  const { node = process.execPath, ...user } = as;
  return spawn(node, ['dist/server/index.js'], {
    ...user,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      NODE_OPTIONS: PRODUCTION_NODE_OPTIONS,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
  });
}

/**
 * Resolves with the exit code (or the signal's name); call it right after spawning, before the
 * exit can pass unseen.
 */
export const whenExited = (child: ChildProcess) =>
  new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));

/** SIGTERM, and SIGKILL if it is still there after 15 s: nothing is left behind. */
export async function stopProcess(child: ChildProcess, exited: Promise<number | string>) {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await exited;
  clearTimeout(killer);
  return code;
}

/** Whether GET `url` answers 200 within seconds, on a connection of its own that is closed after. */
const answers = (url: string) =>
  new Promise<boolean>((resolve) => {
    request(url, { agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    })
      .on('timeout', function (this: ReturnType<typeof request>) {
        this.destroy();
      })
      .on('error', () => resolve(false))
      .end();
  });

/**
 * Resolves once `child`, a server just spawned to listen at `url`, is ready as a proxy sees it
 * (GET /health/ready answers 200): whatever LOG_LEVEL says, and with its exit signal handlers in
 * place (server/process/lifecycle.ts installs them before the first request can be read).
 * Collects its output meanwhile and after.
 */
export async function whenReady(
  child: Piped,
  url: string,
  { dataDir = '', keepLogs = false }: Options = {},
): Promise<ServedProcess> {
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  if (keepLogs)
    createInterface({ input: child.stdout }).on('line', (line) =>
      logs.push(JSON.parse(line) as Record<string, unknown>),
    );
  else child.stdout.resume();
  const exited = whenExited(child);
  let gone: number | string | undefined;
  void exited.then((code) => (gone = code));

  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await answers(`${url}/health/ready`))) {
    if (gone !== undefined) throw new Error(`o servidor saiu (${gone}) antes de ficar pronto: ${stderr}`);
    if (Date.now() > deadline) {
      await stopProcess(child, exited);
      throw new Error(`o servidor não ficou pronto em ${READY_WITHIN_MS / 1000} s: ${stderr}`);
    }
    await sleep(50);
  }
  return { url, dataDir, child, logs, stderr: () => stderr, exited, stop: () => stopProcess(child, exited) };
}

/** Starts the built server on a free port and resolves once it is ready. */
export async function serveBuilt(
  env: Record<string, string> = {},
  { dataDir = tempDataDir(), keepLogs }: Options = {},
) {
  const port = await freePort();
  const child = spawnBuilt({ ...env, PORT: String(port) }, { dataDir });
  return whenReady(child, `http://127.0.0.1:${port}`, { dataDir, keepLogs });
}
