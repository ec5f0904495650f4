import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../test/support/server-process';

let server: RunningServer | undefined;
// Longer than stop()'s own SIGKILL fallback, so a server that hangs is killed, not left behind.
afterEach(async () => {
  await server?.stop();
  server = undefined;
}, 20_000);

/** The exit code, or 'still running' if the process has not exited within `ms`. */
const exitWithin = (server: RunningServer, ms: number) =>
  Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), ms).unref())]);

const get = (url: string) => fetch(url).then((res) => res.status);

// Process tests on a shared machine: starting and exiting take seconds when it is busy.
describe('logging never holds the process', { timeout: 30_000 }, () => {
  it('exits on SIGTERM after the log reader has gone', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: '2000' });
    // The collector dies: every write to stdout from now on fails with EPIPE, the shutdown's lines first.
    server.child.stdout.destroy();
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 5_000)).toBe(0);
  });

  it('keeps answering after the log reader has gone', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: '2000' });
    server.child.stdout.destroy();
    for (let i = 0; i < 20; i++) expect(await get(`${server.url}/health`)).toBe(200);
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 5_000)).toBe(0);
  });

  it('keeps answering while the log reader has stalled, and still exits on SIGTERM', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: '2000' });
    // The collector stops reading: the pipe's buffer (64 KB) fills with request lines, then writes wait.
    server.child.stdout.pause();
    for (let round = 0; round < 10; round++) {
      const statuses = await Promise.all(Array.from({ length: 100 }, () => get(`${server!.url}/nao-existe`)));
      expect(statuses).toEqual(Array(100).fill(404));
    }

    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 5_000)).toBe(0);
  });

  it('delivers through a pipe one whole line per request, and the last line before the exit', async () => {
    server = await startServer();
    const ids = Array.from({ length: 300 }, (_, i) => `pedido-${i}`);
    const statuses = await Promise.all(
      ids.map((id) => fetch(`${server!.url}/`, { headers: { 'X-Request-Id': id } }).then((res) => res.status)),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));

    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 5_000)).toBe(0);
    // Each line was parsed as JSON on arrival: a torn or merged line would have failed there.
    const logged = server.logs.flatMap((entry) => (entry.req as { id?: string } | undefined)?.id ?? []);
    expect(logged.filter((id) => id.startsWith('pedido-')).sort()).toEqual([...ids].sort());
    expect(server.logs.at(-1)?.msg).toBe('encerrado');
    // Every line, the process's own and the access lines alike, has an ISO time and a level name.
    for (const entry of server.logs) {
      expect(entry.level).toMatch(/^(info|warn)$/);
      expect(entry.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });
});
