// `/rastreio` at scale (docs/requirements.md §12.9, "Scale"; docs/performance.md): 100,000 shipments
// and 1,000,000 events (bench/tracking-seed.ts) on SQLite and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names one, on PostgreSQL (in a schema of its own, dropped after). The built server
// answers, as the image runs it; each lookup is one GET from a client address of its own (the page's
// limit is per address), one after the other, timed from the request to the last byte. Target: p99
// under 50 ms for each way of looking a load up, found or not.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { serveBuilt, tempDataDir } from '../scripts/launch/serve-built';
import { openPostgresDatabase } from '../server/db/postgres';
import { openSqliteDatabase } from '../server/db/sqlite';
import { createLogger } from '../server/process/logger';
import { seedPostgres, seedSqlite } from './inbox-seed';
import { type Lookup, loads, SHIPMENTS } from './tracking-seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const P99_MS = 50;
/** The start of the page's 'not found' answer (§12.9). */
const NOT_FOUND = 'Não encontramos um embarque com esses dados.';
const quiet = createLogger('silent', { write: () => {} });
const at = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** Each way a shipper asks, as the form sends it. */
const asks: Record<string, (lookup: Lookup) => Record<string, string>> = {
  código: (lookup) => ({ codigo: lookup.code }),
  'chave da NF-e': (lookup) => ({ chave: lookup.nfeKey }),
  'CNPJ + NF': (lookup) => ({ cnpj: lookup.cnpj, nf: lookup.number }),
  // A code of the right shape whose check fails: looked up all the same (§12.9, "Not found").
  'código inexistente': (lookup) => ({ codigo: `${lookup.code.slice(0, 10)}${lookup.code[10] === '0' ? '1' : '0'}` }),
};

let client = 0;
/** A client address of its own for each request: the lookups' limit counts per address. */
const nextAddress = () => {
  client++;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

async function measure(name: string, url: string, lookups: Lookup[], seededS: number) {
  console.log(
    `\n${name}: ${SHIPMENTS} embarques, ${SHIPMENTS * 10} eventos, semeados em ${seededS.toFixed(0)} s; ` +
      `carga da máquina ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  console.log(
    `${'consulta'.padEnd(22)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'máx ms'.padStart(9)}  respostas`,
  );
  const verdicts: boolean[] = [];
  for (const [label, ask] of Object.entries(asks)) {
    const times: number[] = [];
    const outcomes = new Map<string, number>();
    for (let run = -20; run < RUNS; run++) {
      const query = new URLSearchParams(ask(lookups[(run + 20) % lookups.length]!));
      const started = performance.now();
      const res = await fetch(`${url}/rastreio?${query}`, { headers: { 'X-Forwarded-For': nextAddress() } });
      const page = await res.text();
      if (run < 0) continue;
      times.push(performance.now() - started);
      const outcome = `${res.status} ${page.includes(NOT_FOUND) ? 'não encontrado' : 'encontrado'}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    const p99 = at(times, 0.99);
    verdicts.push(p99 < P99_MS);
    const answered = [...outcomes].map(([outcome, count]) => `${count}× ${outcome}`).join(', ');
    console.log(
      `${label.padEnd(22)}${at(times, 0.5).toFixed(1).padStart(9)}${p99.toFixed(1).padStart(9)}` +
        `${Math.max(...times)
          .toFixed(1)
          .padStart(9)}  ${answered}`,
    );
  }
  const met = verdicts.every(Boolean);
  console.log(`meta: p99 < ${P99_MS} ms em cada consulta — ${met ? 'cumprida' : 'NÃO cumprida'}`);
}

const seconds = (started: number) => (performance.now() - started) / 1000;
// The server trusts the bench as its proxy, so that each request's X-Forwarded-For is its client.
const proxied = { TRUST_PROXY: 'loopback' };

const dataDir = tempDataDir();
try {
  const started = performance.now();
  // Migrated first, as the server would at its start; then the rows.
  await openSqliteDatabase(dataDir).close();
  const { batches, lookups } = loads();
  seedSqlite(dataDir, batches());
  const seeded = seconds(started);
  const server = await serveBuilt(proxied, { dataDir });
  try {
    await measure('SQLite', server.url, lookups, seeded);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) console.log('\nPostgreSQL: defina BENCH_DATABASE_URL (ou TEST_DATABASE_URL) para medir também.');
else {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pgDir = tempDataDir();
  try {
    const address = new URL(url);
    address.searchParams.set('options', `-c search_path=${schema}`);
    const started = performance.now();
    await (await openPostgresDatabase(address.toString(), { logger: quiet, max: 1 })).close();
    const { batches, lookups } = loads();
    await seedPostgres(address.toString(), batches());
    const seeded = seconds(started);
    const server = await serveBuilt({ ...proxied, DATABASE_URL: address.toString() }, { dataDir: pgDir });
    try {
      await measure('PostgreSQL', server.url, lookups, seeded);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(pgDir, { recursive: true, force: true });
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
