import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { getOnNewConnection, lead, listenerClosed, postInTwoParts, shutdownBegun } from '../../test/support/requests';
import {
  type RunningServer,
  startServer,
  tempDataDir,
  whenExited,
  whenServing,
} from '../../test/support/server-process';
import { freePort } from '../../test/support/wait';

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
    // Seconds longer than the 30 arrivals below take, however busy the machine.
    server = await startServer({ ...noLimits, SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_TIMEOUT_MS: '15000' });
    const url = server.url;
    const inFlight = await Promise.all(Array.from({ length: 30 }, (_, i) => postInTwoParts(url, lead(i))));

    server.child.kill('SIGTERM');
    await shutdownBegun(server);
    const readiness = await getOnNewConnection(`${url}/health/ready`);
    // 30 more clients, each on a connection of its own as the previous one is answered.
    const pages = [];
    for (let i = 0; i < 30; i++) pages.push(await getOnNewConnection(`${url}/`));
    for (const request of inFlight) request.finish();

    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({ status: 'draining' });
    const posts = await Promise.all(inFlight.map((request) => request.reply));
    expect(posts.map((reply) => reply.status)).toEqual(Array(30).fill(201));
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
  const port = await freePort();
  const dataDir = tempDataDir();
  const child = spawn('npm', ['exec', '--offline', '--script-shell=bash', '--', 'node', 'dist/server/index.js'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
  });
  const exited = whenExited(child);
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    await exited;
  });
  return { ...(await whenServing(child, `http://127.0.0.1:${port}`, dataDir)), group: child.pid! };
}

describe('a signal to the whole process group', busyMachine, () => {
  it('drains, although npm forwards a second copy of it', async () => {
    const npm = await startUnderNpm({ ...noLimits, SHUTDOWN_DRAIN_MS: '500', SHUTDOWN_TIMEOUT_MS: '8000' });
    const inFlight = await Promise.all(Array.from({ length: 20 }, (_, i) => postInTwoParts(npm.url, lead(i))));

    process.kill(-npm.group, 'SIGTERM');
    await shutdownBegun(npm);
    // npm forwards its copy within milliseconds; by the end of the drain it has long arrived.
    await listenerClosed(npm.url);
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
    // Past the second in which a repeat is a copy (server/process/signals.ts): this one is a decision.
    await delay(1_200);
    server.child.kill('SIGTERM');
    // Nothing shows that a repeat was ignored: the request stays in flight a whole second after it.
    await delay(1_000);
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
    // Past the second in which a repeat is a copy (server/process/signals.ts).
    await delay(1_200);
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(1);
  });
});
