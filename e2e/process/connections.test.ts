import { Agent, request } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../test/support/server-process';
import { eventually } from '../../test/support/wait';

// The built server as a process: its connection cap and header timeout live in
// server/process/lifecycle.ts (docs/requirements.md §10.20).

const CAP = 20;
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ MAX_CONNECTIONS: String(CAP) });
}, 30_000);
afterAll(() => server.stop());

const port = () => Number(new URL(server.url).port);

/** A socket that sends a request's first headers, then one byte every half second, never ending them. */
function slowHeaders() {
  const socket = net.connect(port(), '127.0.0.1');
  let received = '';
  let drip: NodeJS.Timeout | undefined;
  socket.on('data', (data) => (received += data));
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nX-Lento: ');
    drip = setInterval(() => socket.write('a'), 500);
  });
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => {
      clearInterval(drip);
      resolve(received);
    }),
  );
  return { socket, closed };
}

/** GET /health through `agent`; resolves with the status and whether a kept-alive socket carried it. */
const health = (agent: Agent | false) =>
  new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = request({ port: port(), host: '127.0.0.1', path: '/health', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject).end();
  });

describe(`a slowloris of ${4 * CAP} connections against a cap of ${CAP}`, () => {
  it('is refused past the cap at once, held for seconds below it, while an established client is answered', async () => {
    const established = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await health(established)).toEqual({ status: 200, reused: false });

    const attack = Array.from({ length: 4 * CAP }, slowHeaders);
    // Past the cap: closed as soon as accepted, without a byte of reply. One place is the client's.
    let refused = 0;
    for (const { closed } of attack) void closed.then((reply) => (refused += reply === '' ? 1 : 0));
    await eventually(() => expect(refused).toBe(4 * CAP - (CAP - 1)));
    const held = attack.filter(({ socket }) => !socket.destroyed);
    expect(held).toHaveLength(CAP - 1);

    for (let i = 0; i < 5; i++) expect(await health(established)).toEqual({ status: 200, reused: true });
    await expect(health(false)).rejects.toThrow(/ECONNRESET|socket hang up/);

    // The header timeout ends the slow ones; each gets Node's 408, and the places are free again.
    const timedOut = await Promise.all(held.map(({ closed }) => closed));
    for (const reply of timedOut) expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    await eventually(async () => expect((await health(false)).status).toBe(200));
    expect(server.logs.map((line) => line.msg)).toContain(
      'limite de conexões atingido: conexões novas recusadas (MAX_CONNECTIONS)',
    );
    established.destroy();
  });
});
