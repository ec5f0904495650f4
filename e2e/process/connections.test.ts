import { Agent, request } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection } from '../../test/support/raw-http';
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
  it('is refused past the cap at once and held for seconds below it, an idle kept-alive socket closed first', async () => {
    const established = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await health(established)).toEqual({ status: 200, reused: false });
    const [kept] = Object.values(established.freeSockets).flat();

    const attack = Array.from({ length: 4 * CAP }, slowHeaders);
    // Past the cap: closed as soon as accepted, without a byte of reply; the idle socket made room first.
    let refused = 0;
    for (const { closed } of attack) void closed.then((reply) => (refused += reply === '' ? 1 : 0));
    await eventually(() => expect(refused).toBe(4 * CAP - CAP));
    const held = attack.filter(({ socket }) => !socket.destroyed);
    expect(held).toHaveLength(CAP);
    expect(kept?.destroyed).toBe(true);
    // No socket is idle: a new one is refused.
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

/** A kept-alive socket that asks for /health once and then stays idle; resolves once it has its answer. */
async function idleAfterOneRequest() {
  const connection = openConnection(port());
  await connection.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await eventually(
    () => expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n.*\r\n\r\n\{"status":"ok"\}/s),
    10_000,
  );
  return connection;
}

describe(`${CAP + 10} sockets left idle after one request each, against a cap of ${CAP}`, () => {
  it('are all answered, the idle ones closed oldest first, and a new visitor is served', async () => {
    const idle: ReturnType<typeof openConnection>[] = [];
    for (let i = 0; i < CAP + 10; i++) idle.push(await idleAfterOneRequest());
    // Each connection past the cap made room by closing the one idle the longest.
    await eventually(() =>
      expect(idle.map((connection) => connection.isClosed())).toEqual(
        Array.from({ length: CAP + 10 }, (_, i) => i < 10),
      ),
    );
    expect((await health(false)).status).toBe(200);
    expect(idle.filter((connection) => !connection.isClosed())).toHaveLength(CAP - 1);
  });
});

describe("Node's own refusals", () => {
  const raw = async (request: string) => {
    const connection = openConnection(port());
    await connection.write(request);
    return connection.reply(15_000);
  };

  it.each([
    ['a request line it cannot parse', 'GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'Requisição inválida'],
    ['headers over 16 KB', `GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'cabeçalhos'],
    ['headers that never end', 'GET / HTTP/1.1\r\nHost: x\r\n', 408, 'demorou demais'],
  ])('answer %s with the site’s headers and a Portuguese text', async (_what, request, status, text) => {
    const reply = await raw(request);
    expect(reply.status).toBe(status);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.body).toContain(text);
  });
});
