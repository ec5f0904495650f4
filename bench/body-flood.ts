// `npm run bench:abuse` (with the slowloris after it), or `npx tsx bench/body-flood.ts` after a
// build: clients that try to push endless bodies into the built server, declared at 1 GB or chunked
// without end, as fast as loopback allows: on the route that reads a body (POST /api/contacts) and
// on routes that read none (a page, a static file, health, an unknown API path, a protected one
// without its token). Each client reconnects as soon as the server closes on it. Meanwhile a
// well-behaved client times GET /health on fresh connections, and the server's memory is sampled.
// Prints, per route, what the server read (rchar in /proc: every byte it took from a socket or a
// file), the replies, /health's latency and the RSS; at the end, the RSS while the process settles
// after the floods. A client still writing when the server closes may get a reset before it reads
// the reply: the price of not reading the rest of its body.
// FLOOD_SECONDS (5 per route and kind), FLOOD_CLIENTS (20), FLOOD_SETTLE_SECONDS (30), FLOOD_ROUTES
// (a comma-separated subset, e.g. "GET /,GET /health").
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveBuilt } from '../scripts/launch/serve-built';
import { describeMemory, memoryOf, readMb, rssMb } from './proc-stats';
import { ms, percentile } from './stats';

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 5);
const ADMIN_TOKEN = randomBytes(32).toString('hex');
const CLIENTS = Number(process.env.FLOOD_CLIENTS ?? 20);
const SETTLE_SECONDS = Number(process.env.FLOOD_SETTLE_SECONDS ?? 30);
const CHUNK = Buffer.alloc(64 * 1024, 'x');
const CHUNKED = Buffer.concat([Buffer.from('10000\r\n'), CHUNK, Buffer.from('\r\n')]);

const ROUTES = {
  'POST /api/contacts': 'envio de contato (lê corpo)',
  'GET /': 'página',
  'GET /favicon.svg': 'arquivo estático',
  'GET /health': 'saúde',
  'GET /api/nope': 'API desconhecida',
  'GET /api/contacts': 'API protegida, sem token',
};
type Route = keyof typeof ROUTES;
const chosen = (process.env.FLOOD_ROUTES?.split(',') ?? Object.keys(ROUTES)) as Route[];

const HEADS = {
  declared: `Content-Type: application/json\r\nContent-Length: ${1024 ** 3}`,
  chunked: 'Content-Type: application/json\r\nTransfer-Encoding: chunked',
};
type Kind = keyof typeof HEADS;

/** One connection: the request head, then body bytes until the server closes. Resolves with its status line. */
function flood(port: number, route: Route, kind: Kind, deadline: number) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let status = '';
    socket.on('data', (data) => (status ||= String(data).split('\r\n')[0]!));
    socket.on('error', () => {});
    socket.on('close', () => resolve(status));
    const pump = () => {
      while (!socket.destroyed && Date.now() < deadline) {
        if (!socket.write(kind === 'chunked' ? CHUNKED : CHUNK)) return void socket.once('drain', pump);
      }
      socket.destroy();
    };
    socket.write(`${route} HTTP/1.1\r\nHost: localhost\r\n${HEADS[kind]}\r\n\r\n`, pump);
  });
}

/** GET /health on a connection of its own: milliseconds, or undefined when it fails or takes over 5 s. */
const timeHealth = (port: number) =>
  new Promise<number | undefined>((resolve) => {
    const started = performance.now();
    request({ port, host: '127.0.0.1', path: '/health', agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : undefined));
    })
      .on('timeout', function (this: ReturnType<typeof request>) {
        this.destroy();
      })
      .on('error', () => resolve(undefined))
      .end();
  });

/** Times /health every 100 ms until `stop` is aborted. */
async function probeHealth(port: number, stop: AbortSignal) {
  const times: (number | undefined)[] = [];
  while (!stop.aborted) {
    times.push(await timeHealth(port));
    await sleep(100);
  }
  return times;
}

function describeProbes(times: (number | undefined)[]) {
  const answered = times.filter((time): time is number => time !== undefined).sort((a, b) => a - b);
  const failed = times.length - answered.length;
  if (answered.length === 0) return `/health: ${failed} falhas`;
  return `/health p50 ${ms(percentile(answered, 0.5))}, máx ${ms(answered.at(-1))}, ${failed} falhas`;
}

const tally = (statuses: string[]) => {
  const counts = new Map<string, number>();
  for (const status of statuses) {
    const code = status.split(' ')[1] ?? 'nenhuma';
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts].map(([code, count]) => `${code}×${count}`).join(' ');
};

const server = await serveBuilt({
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_PER_HOUR: '0',
  RATE_LIMIT_REFUSED_PER_MINUTE: '0',
  RATE_LIMIT_REFUSED_PER_HOUR: '0',
  LOG_LEVEL: 'warn',
  ADMIN_TOKEN,
});
const port = Number(new URL(server.url).port);
const pid = server.child.pid!;
const memory = async () => describeMemory(await memoryOf(server.url, ADMIN_TOKEN));
try {
  for (let i = 0; i < 20; i++) await timeHealth(port);
  const idle = rssMb(pid);
  console.log(`servidor ocioso: ${await memory()}; ${CLIENTS} clientes, ${SECONDS} s por rota e tipo de corpo`);
  for (const route of chosen) {
    for (const kind of ['declared', 'chunked'] as const) {
      const before = rssMb(pid);
      const readBefore = readMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const stopProbe = new AbortController();
      const probes = probeHealth(port, stopProbe.signal);
      const deadline = Date.now() + SECONDS * 1000;
      const statuses: string[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (Date.now() < deadline) statuses.push(await flood(port, route, kind, deadline));
        }),
      );
      stopProbe.abort();
      const times = await probes;
      clearInterval(sampler);
      const read = readMb(pid) - readBefore;
      const perAttempt = (read * 1024) / statuses.length;
      console.log(
        `${route.padEnd(19)} ${kind.padEnd(8)} ${String(statuses.length).padStart(5)} tentativas, ` +
          `respostas ${tally(statuses)}; ` +
          `lido ${read.toFixed(1)} MB (${perAttempt.toFixed(0)} KB por tentativa); ${describeProbes(times)}; ` +
          `RSS ${before.toFixed(0)} → pico ${peak.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB  [${ROUTES[route]}]`,
      );
    }
  }
  const settling: string[] = [];
  for (let waited = 0; waited <= SETTLE_SECONDS; waited += 5) {
    settling.push(`${waited} s: ${rssMb(pid).toFixed(0)} MB`);
    if (waited < SETTLE_SECONDS) await sleep(5_000);
  }
  console.log(
    `depois dos floods, RSS (ocioso antes: ${idle.toFixed(0)} MB): ${settling.join(', ')}; por fim ${await memory()}`,
  );
} finally {
  await server.stop();
}
