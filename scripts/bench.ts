// `npm run bench`: throughput and latency of the built server on loopback, beside a bare
// Express handler that sends the same precomputed bytes (the floor for serving "/").
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import autocannon, { type Options, type Result } from 'autocannon';
import { serveBuilt } from './serve-built';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
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
          headers: { 'content-type': String(res.headers['content-type']), 'content-encoding': String(res.headers['content-encoding']) },
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
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    env: { PATH: process.env.PATH, BODY: page.body.toString('base64'), HEADERS: JSON.stringify(page.headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${String(port).trim()}`, stop: () => child.kill('SIGTERM') };
}

const run = (options: Options) => autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options }) as Promise<Result>;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

const ours = await serveBuilt({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });
const bare = await startBare(await fetchRaw(`${ours.url}/`));
try {
  const lead = JSON.stringify({ name: 'Bench', email: 'bench@exemplo.com.br', message: 'Carga de teste' });
  const cases: [string, Options][] = [
    ['bare Express, mesmos bytes', { url: `${bare.url}/`, headers: BROTLI }],
    ['GET /', { url: `${ours.url}/`, headers: BROTLI }],
    ['GET /some/unknown/path', { url: `${ours.url}/some/unknown/path`, headers: BROTLI }],
    ['POST /api/contacts', { url: `${ours.url}/api/contacts`, method: 'POST', headers: { 'content-type': 'application/json' }, body: lead }],
  ];
  const results: { name: string; result: Result; rss: number }[] = [];
  for (const [name, options] of cases) {
    // A short unmeasured run first, so the JIT has warmed up before the figures are taken.
    await autocannon({ ...options, duration: 2, connections: CONNECTIONS });
    const result = await run(options);
    results.push({ name, result, rss: rssMb(ours.child.pid!) });
  }

  console.log(`\n${DURATION_S} s por caso, ${CONNECTIONS} conexões, loopback, brotli\n`);
  console.log('caso'.padEnd(30), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'erros'.padStart(7), 'RSS MB*'.padStart(9));
  for (const { name, result, rss } of results) {
    const failures = result.errors + result.timeouts + result.non2xx - (name.includes('unknown') ? result['4xx'] : 0);
    console.log(name.padEnd(30), result.requests.average.toFixed(0).padStart(9), String(result.latency.p50).padStart(8), String(result.latency.p99).padStart(8), String(failures).padStart(7), rss.toFixed(0).padStart(9));
  }
  const ratio = results[1]!.result.requests.average / results[0]!.result.requests.average;
  console.log(`\nGET / ÷ bare: ${ratio.toFixed(2)} (meta ≥ 0,80); p99 de GET /: ${results[1]!.result.latency.p99} ms (meta < 20 ms)`);
  console.log(`* RSS do nosso servidor ao fim de cada caso. Após toda a carga: ${rssMb(ours.child.pid!).toFixed(0)} MB (meta < 150 MB)`);
} finally {
  ours.stop();
  bare.stop();
}
