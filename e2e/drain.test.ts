import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { getOnNewConnection, lead, postInTwoParts, shutdownBegun } from '../test/support/requests';
import { type RunningServer, startServer, whenExited } from '../test/support/server-process';

let server: RunningServer | undefined;
// Longer than stop()'s own SIGKILL fallback, so a server that hangs is killed, not left behind.
afterEach(async () => {
  await server?.stop();
  server = undefined;
}, 20_000);

// Both counts off: a post counts as refused until its reply shows it stored (server/http/rate-limit.ts),
// so thirty at once would meet the refused posts' limit.
const noLimits = {
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_PER_HOUR: '0',
  RATE_LIMIT_REFUSED_PER_MINUTE: '0',
  RATE_LIMIT_REFUSED_PER_HOUR: '0',
};

// Process tests on a shared machine: starting, draining and exiting take seconds when it is busy.
const busyMachine = { timeout: 30_000 };

describe('SIGTERM while a proxy still routes to the server', busyMachine, () => {
  it('answers the requests in flight and the new connections of the drain period, then exits 0', async () => {
    server = await startServer({ ...noLimits, SHUTDOWN_DRAIN_MS: '2500', SHUTDOWN_TIMEOUT_MS: '8000' });
    const url = server.url;
    const inFlight = await Promise.all(Array.from({ length: 30 }, (_, i) => postInTwoParts(url, lead(i))));

    server.child.kill('SIGTERM');
    await shutdownBegun(server);
    const readiness = await getOnNewConnection(`${url}/health/ready`);
    // 30 more clients over the next 1.5 s, each on a connection of its own.
    const arrivals = [];
    for (let i = 0; i < 30; i++) {
      arrivals.push(getOnNewConnection(`${url}/`));
      await delay(50);
    }
    for (const request of inFlight) request.finish();

    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({ status: 'draining' });
    const posts = await Promise.all(inFlight.map((request) => request.reply));
    expect(posts.map((reply) => reply.status)).toEqual(Array(30).fill(201));
    const pages = await Promise.all(arrivals);
    expect(pages.map((page) => page.status)).toEqual(Array(30).fill(200));
    expect(pages.map((page) => page.headers.connection)).toEqual(Array(30).fill('close'));
    expect(await server.exited).toBe(0);
    expect(server.logs.map((entry) => entry.msg)).toContain('encerrado');
  });
});

/**
 * The server under `npm exec`, leader of a process group of its own. bash runs a lone command in
 * place of itself, so node is npm's child and gets the copy of a signal that npm forwards.
 */
async function startUnderNpm(env: Record<string, string>) {
  const child = spawn('npm', ['exec', '--offline', '--script-shell=bash', '--', 'node', 'dist/server/index.js'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'site-npm-')),
      ...env,
    },
  });
  const exited = whenExited(child);
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    await exited;
  });
  const logs: Record<string, unknown>[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      logs.push(entry);
      if (entry.msg === 'servidor no ar') resolve(Number(entry.port));
    });
    void exited.then((code) => reject(new Error(`npm saiu (${code}) antes de o servidor escutar`)));
  });
  return { url: `http://127.0.0.1:${port}`, group: child.pid!, logs, exited };
}

describe('a signal to the whole process group', busyMachine, () => {
  it('drains, although npm forwards a second copy of it', async () => {
    const npm = await startUnderNpm({ ...noLimits, SHUTDOWN_DRAIN_MS: '500', SHUTDOWN_TIMEOUT_MS: '8000' });
    const inFlight = await Promise.all(Array.from({ length: 20 }, (_, i) => postInTwoParts(npm.url, lead(i))));

    process.kill(-npm.group, 'SIGTERM');
    await shutdownBegun(npm);
    await delay(200);
    for (const request of inFlight) request.finish();

    const posts = await Promise.all(inFlight.map((request) => request.reply));
    expect(posts.map((reply) => reply.status)).toEqual(Array(20).fill(201));
    expect(await npm.exited).toBe(0);
    expect(npm.logs.map((entry) => entry.msg)).toContain('encerrado');
  });
});

describe('a second signal', busyMachine, () => {
  it('from automation (SIGTERM again) does not cut the requests in flight', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: '8000' });
    const inFlight = await postInTwoParts(server.url, lead(1));
    // Awaited below; this only keeps a failure after the test from being reported as unhandled.
    inFlight.reply.catch(() => {});
    server.child.kill('SIGTERM');
    await shutdownBegun(server);
    await delay(1_200);
    server.child.kill('SIGTERM');
    await delay(300);
    inFlight.finish();
    expect((await inFlight.reply).status).toBe(201);
    expect(await server.exited).toBe(0);
  });

  it('from a person (Ctrl-C again, a second later) forces the exit', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: '30000' });
    const stuck = await postInTwoParts(server.url, lead(1));
    stuck.reply.catch(() => {});
    server.child.kill('SIGINT');
    await shutdownBegun(server);
    await delay(1_200);
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(1);
  });
});
