// `npm run bench`: throughput and latency of the built server on loopback, beside a bare
// Express handler that sends the same precomputed bytes (the floor for serving "/").
// The servers run on one core and the load generator on the other, and GET / alternates with
// the bare handler over several rounds, so a slow moment of a shared machine hits both alike.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism } from 'node:os';
import autocannon, { type Options, type Result } from 'autocannon';
import { onCpu, serveBuilt } from './serve-built';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const BROTLI = { 'accept-encoding': 'br' };

/** The page exactly as our server sends it, to be replayed by the bare handler. */
function fetchRaw(url: string) {
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    get(url, { headers: BROTLI }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          body: Buffer.concat(chunks),
          headers: {
            'content-type': String(res.headers['content-type']),
            'content-encoding': String(res.headers['content-encoding']),
          },
        }),
      );
    }).on('error', reject);
  });
}

async function startBare(page: { body: Buffer; headers: Record<string, string> }) {
  const code = `
    import express from 'express';
    const body = Buffer.from(process.env.BODY, 'base64');
    const headers = JSON.parse(process.env.HEADERS);
    const app = express();
    app.get('/', (_req, res) => res.set(headers).send(body));
    const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(...onCpu([process.execPath, '--input-type=module', '-e', code], SERVER_CPU), {
    env: { PATH: process.env.PATH, BODY: page.body.toString('base64'), HEADERS: JSON.stringify(page.headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${String(port).trim()}`, stop: () => child.kill('SIGTERM') };
}

const run = (options: Options) =>
  autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options }) as Promise<Result>;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// The servers share core 0 and the load generator has core 1 (Linux `taskset`, as /proc below
// is Linux); with a single core, or without taskset, everything shares what there is.
function pinLoadGenerator() {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const SERVER_CPU = pinLoadGenerator() ? '0' : undefined;

const ours = await serveBuilt({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' }, { cpu: SERVER_CPU });
const bare = await startBare(await fetchRaw(`${ours.url}/`));
try {
  const lead = JSON.stringify({ name: 'Bench', email: 'bench@exemplo.com.br', message: 'Carga de teste' });
  const bareCase: Options = { url: `${bare.url}/`, headers: BROTLI };
  const rootCase: Options = { url: `${ours.url}/`, headers: BROTLI };
  const otherCases: [string, Options][] = [
    ['GET /?contato=enviado', { url: `${ours.url}/?contato=enviado`, headers: BROTLI }],
    ['GET /some/unknown/path', { url: `${ours.url}/some/unknown/path`, headers: BROTLI }],
    [
      'POST /api/contacts',
      { url: `${ours.url}/api/contacts`, method: 'POST', headers: { 'content-type': 'application/json' }, body: lead },
    ],
  ];
  // A short unmeasured run of each first, so the JIT has warmed up before the figures are taken.
  for (const options of [bareCase, rootCase, ...otherCases.map(([, options]) => options)]) {
    await autocannon({ ...options, duration: 2, connections: CONNECTIONS });
  }

  const rounds: { bare: Result; root: Result; rss: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareResult = await run(bareCase);
    rounds.push({ bare: bareResult, root: await run(rootCase), rss: rssMb(ours.child.pid!) });
  }
  const others = [];
  for (const [name, options] of otherCases)
    others.push({ name, result: await run(options), rss: rssMb(ours.child.pid!) });

  const row = (name: string, requests: number, p50: number, p99: number, failures: number, rss?: number) =>
    console.log(
      name.padEnd(34),
      requests.toFixed(0).padStart(9),
      String(p50).padStart(8),
      String(p99).padStart(8),
      String(failures).padStart(7),
      (rss?.toFixed(0) ?? '').padStart(9),
    );
  const failuresOf = (result: Result, notFoundExpected = false) =>
    result.errors + result.timeouts + result.non2xx - (notFoundExpected ? result['4xx'] : 0);
  const summary = (results: Result[]) =>
    [
      median(results.map((result) => result.requests.average)),
      median(results.map((result) => result.latency.p50)),
      median(results.map((result) => result.latency.p99)),
      results.reduce((sum, result) => sum + failuresOf(result), 0),
    ] as const;

  const placement = SERVER_CPU
    ? 'servidores num núcleo, carga no outro'
    : 'servidores e carga dividindo os mesmos núcleos';
  console.log(`\n${DURATION_S} s por medição, ${CONNECTIONS} conexões, loopback, brotli; ${placement}\n`);
  console.log(
    'caso'.padEnd(34),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'erros'.padStart(7),
    'RSS MB*'.padStart(9),
  );
  row(`bare Express, mesmos bytes (×${ROUNDS})`, ...summary(rounds.map((round) => round.bare)));
  row(`GET / (×${ROUNDS})`, ...summary(rounds.map((round) => round.root)), rounds.at(-1)!.rss);
  for (const { name, result, rss } of others) {
    row(
      name,
      result.requests.average,
      result.latency.p50,
      result.latency.p99,
      failuresOf(result, name.includes('unknown')),
      rss,
    );
  }
  const ratios = rounds.map((round) => round.root.requests.average / round.bare.requests.average);
  const worstP99 = Math.max(...rounds.map((round) => round.root.latency.p99));
  console.log(`\nreq/s e latências: medianas de ${ROUNDS} rodadas alternadas com o bare`);
  console.log(
    `GET / ÷ bare por rodada: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; mediana ${median(ratios).toFixed(2)} (meta ≥ 0,80)`,
  );
  console.log(`p99 de GET /, pior rodada: ${worstP99} ms (meta < 20 ms)`);
  // The form's confirmation is kept like the landing page: it must not be the cheap way to load the server.
  const confirmation = others.find(({ name }) => name.includes('contato'))!.result.requests.average;
  const root = median(rounds.map((round) => round.root.requests.average));
  console.log(`GET /?contato=enviado ÷ GET /: ${(confirmation / root).toFixed(2)} (meta ≥ 0,50)`);
  console.log(
    `* RSS do nosso servidor ao fim de cada caso. Após toda a carga: ${rssMb(ours.child.pid!).toFixed(0)} MB (meta < 150 MB)`,
  );
} finally {
  ours.stop();
  bare.stop();
}
