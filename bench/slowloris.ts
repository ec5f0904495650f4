// `npm run bench:abuse` (after the body floods), or `npx tsx bench/slowloris.ts` after a build:
// connections that never finish, against the built server. An attacker
// (bench/slowloris-attacker.ts, a process of its own) holds SLOWLORIS_CONNECTIONS (4000) sockets
// open for SLOWLORIS_SECONDS (20) and opens a new one whenever the server closes one, in two ways
// in turn: `headers`, a request whose headers come one byte a second and never end; `idle`, one
// whole request, then silence on a kept-alive connection. Every 250 ms meanwhile a well-behaved
// client asks GET /health twice: on the kept-alive connection it opened before the attack (an
// established client), and on a new one. Prints how many sockets the server held (its open files),
// how the attacker's ended, what the two clients got and how fast, and the memory before, during
// and while it settles after (RSS, and the V8 heap and external memory from /metrics), and what the
// connection cap did (from /metrics): connections refused on arrival, and those closed to make room,
// stalled in their headers, idle, or waiting for their headers. SLOWLORIS_MODES=headers,idle,mixed
// adds both attacks at once. MAX_CONNECTIONS is passed on to the server. The attacker needs one file
// per socket: `ulimit -n` must be above SLOWLORIS_CONNECTIONS.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveBuilt } from '../scripts/launch/serve-built';
import { describeMemory, memoryOf, openFiles, rssMb } from './proc-stats';
import type { AttackerReport, Mode } from './slowloris-attacker';
import { ascending, ms, percentile } from './stats';

const ATTACK = Number(process.env.SLOWLORIS_CONNECTIONS ?? 4000);
const SECONDS = Number(process.env.SLOWLORIS_SECONDS ?? 20);
const SETTLE_SECONDS = Number(process.env.SLOWLORIS_SETTLE_SECONDS ?? 30);
const MODES = (process.env.SLOWLORIS_MODES ?? 'headers,idle').split(',') as Mode[];
const ADMIN_TOKEN = randomBytes(32).toString('hex');

type Probe = { ms: number; ok: boolean; error?: string };

/** The connection cap's counters in /metrics: refused on arrival, evicted by reason. */
async function capCounts(url: string) {
  const res = await fetch(`${url}/metrics`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  const count = (series: string) =>
    Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    refused: count('site_connections_refused_total'),
    stalled: count('site_connections_evicted_total{reason="stalled_headers"}'),
    idle: count('site_connections_evicted_total{reason="idle"}'),
    waiting: count('site_connections_evicted_total{reason="waiting_headers"}'),
  };
}

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

function describe(name: string, probes: Probe[]) {
  const ok = ascending(probes.filter((p) => p.ok).map((p) => p.ms));
  const errors = new Map<string, number[]>();
  for (const { ok: answered, error = '?', ms: time } of probes)
    if (!answered) errors.set(error, [...(errors.get(error) ?? []), time]);
  const failures = [...errors].map(
    ([error, times]) => `${error}×${times.length} em p50 ${ms(percentile(ascending(times), 0.5))}`,
  );
  const answered = ok.length
    ? `, p50 ${ms(percentile(ok, 0.5))}, p99 ${ms(percentile(ok, 0.99))}, máx ${ms(ok.at(-1))}`
    : '';
  const failed = failures.length ? `; falhas ${failures.join(', ')}` : '';
  return `${name}: ${ok.length}/${probes.length} respondidas${answered}${failed}`;
}

const server = await serveBuilt({
  LOG_LEVEL: 'warn',
  ADMIN_TOKEN,
  ...(process.env.MAX_CONNECTIONS && { MAX_CONNECTIONS: process.env.MAX_CONNECTIONS }),
});
const port = Number(new URL(server.url).port);
const pid = server.child.pid!;
const memory = async () => describeMemory(await memoryOf(server.url, ADMIN_TOKEN));
try {
  const established = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 20; i++) await probe(port, established);
  console.log(`servidor ocioso: ${await memory()}, ${openFiles(pid)} arquivos abertos; ataque de ${ATTACK} conexões`);
  for (const mode of MODES) {
    const before = rssMb(pid);
    const countsBefore = await capCounts(server.url);
    let peakRss = before;
    let peakFiles = openFiles(pid);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(pid));
      peakFiles = Math.max(peakFiles, openFiles(pid));
    }, 100);
    const attacker = fork(new URL('./slowloris-attacker.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'] });
    attacker.send({ port, mode, connections: ATTACK });
    const probes = { established: [] as Probe[], fresh: [] as Probe[] };
    const deadline = Date.now() + SECONDS * 1000;
    while (Date.now() < deadline) {
      const [kept, fresh] = await Promise.all([probe(port, established), probe(port, false)]);
      probes.established.push(kept);
      probes.fresh.push(fresh);
      await sleep(250);
    }
    // The cap may refuse this connection too: that is a figure, not a failure of the bench.
    const during = await memory().catch(() => 'sem resposta (conexão recusada no limite)');
    const ended = new Promise<AttackerReport>((resolve) =>
      attacker.on('message', (report: AttackerReport) => 'done' in report && resolve(report)),
    );
    attacker.send('stop');
    const report = (await ended) as Extract<AttackerReport, { done: true }>;
    await once(attacker, 'exit');
    await sleep(1_000);
    clearInterval(sampler);
    const held = ascending(report.held);
    const counts = await capCounts(server.url);
    const attack = {
      headers: 'cabeçalhos sem fim, um byte por segundo',
      idle: 'uma requisição, depois conexão ociosa',
      mixed: 'os dois ao mesmo tempo (3 ociosas em cada 8)',
    }[mode];
    console.log(
      `\n${attack}, ${SECONDS} s:\n` +
        `  atacante: até ${report.maxOpen} conexões abertas ao mesmo tempo; ${report.refused} recusadas ao chegar; ` +
        `${held.length} mantidas e fechadas pelo servidor (${report.timedOut} com 408), ` +
        `p50 ${ms(percentile(held, 0.5))}, máx ${ms(held.at(-1))}\n` +
        `  limite: ${counts.refused - countsBefore.refused} recusadas ao chegar (site_connections_refused_total); ` +
        `fechadas para dar lugar: ${counts.stalled - countsBefore.stalled} paradas nos cabeçalhos, ` +
        `${counts.idle - countsBefore.idle} ociosas, ${counts.waiting - countsBefore.waiting} à espera dos ` +
        `cabeçalhos (site_connections_evicted_total)\n` +
        `  servidor: até ${peakFiles} arquivos abertos; RSS ${before.toFixed(0)} → pico ${peakRss.toFixed(0)} MB; ` +
        `durante: ${during}; 1 s depois: ${await memory()}\n` +
        `  ${describe('cliente já conectado', probes.established)}\n` +
        `  ${describe('cliente em conexão nova', probes.fresh)}`,
    );
  }
  established.destroy();
  const settling: string[] = [];
  for (let waited = 0; waited <= SETTLE_SECONDS; waited += 10) {
    settling.push(`${waited} s: ${rssMb(pid).toFixed(0)} MB`);
    if (waited < SETTLE_SECONDS) await sleep(10_000);
  }
  console.log(`\ndepois dos ataques, RSS: ${settling.join(', ')}; por fim ${await memory()}`);
} finally {
  await server.stop();
}
