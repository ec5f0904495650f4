// `npm run build && npx tsx scripts/slowloris.ts`: connections that never finish, against the built
// server. An attacker holds SLOWLORIS_CONNECTIONS (4000) sockets open for SLOWLORIS_SECONDS (20) and
// opens a new one whenever the server closes one, in two ways in turn: `headers`, a request whose
// headers come one byte a second and never end; `idle`, one whole request, then silence on a
// keep-alive connection. Alongside, every 250 ms, a well-behaved client asks GET /health twice: on
// the keep-alive connection it opened before the attack (an established client), and on a new one.
// Prints how many sockets the server held (its open files), how long it held the attacker's, what
// the two clients got and how fast, and the RSS before, at the peak and while it settles after.
// The attacker needs one file per socket: `ulimit -n` must be above SLOWLORIS_CONNECTIONS.
import { Agent, request } from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { openFiles, rssMb } from './proc-stats';
import { serveBuilt } from './serve-built';

const ATTACK = Number(process.env.SLOWLORIS_CONNECTIONS ?? 4000);
const SECONDS = Number(process.env.SLOWLORIS_SECONDS ?? 20);
const SETTLE_SECONDS = Number(process.env.SLOWLORIS_SETTLE_SECONDS ?? 30);
const MODES = (process.env.SLOWLORIS_MODES ?? 'headers,idle').split(',') as Mode[];
type Mode = 'headers' | 'idle';

type Attacker = { open: Set<net.Socket>; held: number[]; failed: number; stopped: boolean };

/** One attacking socket; when the server closes it, the next takes its place until the attack stops. */
function attack(port: number, mode: Mode, attacker: Attacker) {
  if (attacker.stopped) return;
  const socket = net.connect(port, '127.0.0.1');
  let connectedAt: number | undefined;
  socket.setNoDelay(true);
  socket.on('error', () => {});
  socket.on('connect', () => {
    connectedAt = performance.now();
    attacker.open.add(socket);
    socket.write(
      mode === 'headers'
        ? 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Lento: '
        : 'GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    );
  });
  socket.on('data', () => {});
  socket.on('close', () => {
    attacker.open.delete(socket);
    if (connectedAt === undefined) attacker.failed += 1;
    else if (!attacker.stopped) attacker.held.push(performance.now() - connectedAt);
    // Not at once: a server that refuses at accept would otherwise meet a tight loop.
    setTimeout(() => attack(port, mode, attacker), 10);
  });
}

type Probe = { ms: number; ok: boolean; error?: string };

/** GET /health through `agent` (a kept-alive connection) or on a new connection. */
const probe = (port: number, agent: Agent | false) =>
  new Promise<Probe>((resolve) => {
    const started = performance.now();
    const done = (ok: boolean, error?: string) => resolve({ ms: performance.now() - started, ok, error });
    request({ port, host: '127.0.0.1', path: '/health', agent, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode === 200, res.statusCode === 200 ? undefined : String(res.statusCode)));
    })
      .on('timeout', function (this: ReturnType<typeof request>) {
        this.destroy(new Error('timeout'));
      })
      .on('error', (error: NodeJS.ErrnoException) => done(false, error.code ?? error.message))
      .end();
  });

const ms = (value = Number.NaN) => `${value.toFixed(0)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor(values.length * p))];

function describe(name: string, probes: Probe[]) {
  const ok = sorted(probes.filter((p) => p.ok).map((p) => p.ms));
  const failed = probes.filter((p) => !p.ok);
  const errors = new Map<string, number[]>();
  for (const { error = '?', ms: time } of failed) errors.set(error, [...(errors.get(error) ?? []), time]);
  const failures = [...errors].map(([error, times]) => `${error}×${times.length} (p50 ${ms(at(sorted(times), 0.5))})`);
  return (
    `${name}: ${ok.length}/${probes.length} respondidas, p50 ${ms(at(ok, 0.5))}, p99 ${ms(at(ok, 0.99))}, ` +
    `máx ${ms(ok.at(-1))}${failures.length ? `; falhas ${failures.join(', ')}` : ''}`
  );
}

const server = await serveBuilt({
  LOG_LEVEL: 'warn',
  ...(process.env.MAX_CONNECTIONS && { MAX_CONNECTIONS: process.env.MAX_CONNECTIONS }),
});
const port = Number(new URL(server.url).port);
const pid = server.child.pid!;
try {
  const established = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 20; i++) await probe(port, established);
  const idle = rssMb(pid);
  console.log(
    `servidor ocioso: RSS ${idle.toFixed(0)} MB, ${openFiles(pid)} arquivos abertos; ataque de ${ATTACK} conexões`,
  );
  for (const mode of MODES) {
    const attacker: Attacker = { open: new Set(), held: [], failed: 0, stopped: false };
    const before = rssMb(pid);
    let peakRss = before;
    let peakFiles = openFiles(pid);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(pid));
      peakFiles = Math.max(peakFiles, openFiles(pid));
    }, 100);
    const drip = setInterval(() => {
      if (mode === 'headers') for (const socket of attacker.open) socket.write('a');
    }, 1_000);
    for (let i = 0; i < ATTACK; i++) {
      attack(port, mode, attacker);
      if (i % 200 === 199) await sleep(20);
    }
    const probes = { established: [] as Probe[], fresh: [] as Probe[] };
    const deadline = Date.now() + SECONDS * 1000;
    let maxOpen = 0;
    while (Date.now() < deadline) {
      maxOpen = Math.max(maxOpen, attacker.open.size);
      const [kept, fresh] = await Promise.all([probe(port, established), probe(port, false)]);
      probes.established.push(kept);
      probes.fresh.push(fresh);
      await sleep(250);
    }
    const duringRss = rssMb(pid);
    attacker.stopped = true;
    clearInterval(drip);
    for (const socket of attacker.open) socket.destroy();
    await sleep(1_000);
    clearInterval(sampler);
    const held = sorted(attacker.held);
    console.log(
      `\n${mode === 'headers' ? 'cabeçalhos sem fim, um byte por segundo' : 'uma requisição, depois conexão ociosa'}, ${SECONDS} s:\n` +
        `  atacante: até ${maxOpen} conexões abertas ao mesmo tempo; ${held.length} fechadas pelo servidor ` +
        `(mantidas p50 ${ms(at(held, 0.5))}, máx ${ms(held.at(-1))}); ${attacker.failed} sem conexão\n` +
        `  servidor: até ${peakFiles} arquivos abertos; RSS ${before.toFixed(0)} → ${duringRss.toFixed(0)} durante ` +
        `(pico ${peakRss.toFixed(0)}) → ${rssMb(pid).toFixed(0)} MB 1 s depois\n` +
        `  ${describe('cliente já conectado', probes.established)}\n  ${describe('cliente em conexão nova', probes.fresh)}`,
    );
  }
  established.destroy();
  const settling: string[] = [];
  for (let waited = 0; waited <= SETTLE_SECONDS; waited += 5) {
    settling.push(`${waited} s: ${rssMb(pid).toFixed(0)} MB`);
    if (waited < SETTLE_SECONDS) await sleep(5_000);
  }
  console.log(`\ndepois dos ataques, RSS (ocioso antes: ${idle.toFixed(0)} MB): ${settling.join(', ')}`);
} finally {
  await server.stop();
}
