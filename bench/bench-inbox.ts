// The inbox at a decade of leads (docs/performance.md, "Inbox at 100,000
// leads"): 100,000 leads, 200,000 notes and 1,000,000 audit lines on SQLite and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names one, on PostgreSQL (in a schema of its own, dropped
// after). Server time of the inbox's reads, in this process, median and p95 of RUNS; the query plans
// of each (BENCH_PLANS=1 prints them); and the resident memory while the whole decade is exported to
// a client that reads it all. Targets: 100 ms median for the reads, 500 ms for the weekly report.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pg from 'pg';
import { sqlAudit } from '../server/audit/sql-store';
import { openPostgres, openSqlite, type Repository } from '../server/composition/repository';
import type { Stores } from '../server/composition/stores';
import type { Database, Param } from '../server/db/database';
import { openPostgresDatabase } from '../server/db/postgres';
import { openSqliteDatabase } from '../server/db/sqlite';
import { csvExports } from '../server/exports/routes';
import { inboxExport } from '../server/inbox/export-routes';
import { proposalFigures, weekOf, weekReport } from '../server/inbox/report';
import { sqlInboxReport } from '../server/inbox/report-store';
import { sqlInbox } from '../server/inbox/sql-store';
import { createLogger } from '../server/process/logger';
import { DEFAULT_CALENDAR } from '../shared/holidays';
import { todayInSaoPaulo } from '../shared/sao-paulo-time';
import { decade, LEADS, seedPostgres, seedSqlite } from './inbox-seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PLANS = process.env.BENCH_PLANS === '1';
const PAGE = 50;
const quiet = createLogger('silent', { write: () => {} });

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], p: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** Milliseconds of `work` over RUNS runs (after 3 to warm up), each with the run's number. */
async function time(work: (run: number) => Promise<unknown>) {
  for (let run = 0; run < 3; run++) await work(run);
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work(run);
    runs.push(performance.now() - started);
  }
  return { median: at(runs, 0.5), p95: at(runs, 0.95) };
}

/** A Database that remembers the statements it was asked, to explain them afterwards. */
function recording(db: Database) {
  const asked: { sql: string; params: Param[] }[] = [];
  return {
    asked,
    db: {
      ...db,
      all(sql: string, params: Param[] = []) {
        asked.push({ sql, params });
        return db.all(sql, params);
      },
      get(sql: string, params: Param[] = []) {
        asked.push({ sql, params });
        return db.get(sql, params);
      },
    } satisfies Database,
  };
}

/** The inbox's reads as the pages make them, on `repository`. */
function reads(repository: Pick<Stores, 'inbox' | 'audit' | 'inboxReport'>, leadIds: string[]) {
  const cutoff = new Date(Date.now() - 2 * 3600_000).toISOString();
  const week = weekOf('', todayInSaoPaulo()).week;
  return {
    'primeira página': () => repository.inbox.listLeads({}, PAGE),
    'busca "conceicao"': () => repository.inbox.listLeads({ words: ['conceicao'] }, PAGE),
    'busca "ribeirao marabá"': () => repository.inbox.listLeads({ words: ['ribeirao', 'maraba'] }, PAGE),
    atrasados: () => repository.inbox.listLeads({ status: 'new', until: cutoff }, PAGE),
    'página do lead': async (run: number) => {
      const id = leadIds[(run * 7919) % leadIds.length]!;
      return Promise.all([
        repository.inbox.getLead(id),
        repository.inbox.leadNotes(id),
        repository.audit.readAudit({ leadId: id, limit: 50 }),
      ]);
    },
    'relatório semanal': async () => {
      const [counts, arrivals, sent, won] = await Promise.all([
        repository.inboxReport.weekCounts(week.since, week.until),
        repository.inboxReport.weekArrivals(week.since, week.until),
        repository.inboxReport.weekProposals(week.since, week.until),
        repository.inboxReport.weekWon(week.since, week.until),
      ]);
      const proposals = proposalFigures(sent, won, new Date(), DEFAULT_CALENDAR);
      return weekReport(week, counts, arrivals, new Date(), DEFAULT_CALENDAR, proposals);
    },
  } as Record<string, (run: number) => Promise<unknown>>;
}

/** The whole decade exported through the real handler to a client that reads it all; RSS sampled. */
async function exportMemory(repository: Repository) {
  const app = express();
  app.get('/leads.csv', (_req, res, next) => {
    res.locals.actor = { kind: 'system' };
    next();
  });
  app.get('/leads.csv', inboxExport(repository.inboxExport, csvExports(repository), DEFAULT_CALENDAR));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const mb = () => process.memoryUsage().rss / 1024 ** 2;
  globalThis.gc?.();
  const before = mb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, mb())), 20);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/leads.csv`);
  let [bytes, lines] = [0, 0];
  for await (const chunk of res.body!) {
    bytes += chunk.length;
    // Rows end in CRLF; a note's line break inside its cell is a bare LF.
    for (const byte of chunk) if (byte === 13) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  server.close();
  globalThis.gc?.();
  return { before, peak, after: mb(), bytes, lines, seconds };
}

/** The plan of every statement `read` makes, as the database explains it. */
async function plans(db: Database, explain: string, leadIds: string[]) {
  const recorded = recording(db);
  const stores = {
    inbox: sqlInbox(recorded.db),
    audit: sqlAudit(recorded.db),
    inboxReport: sqlInboxReport(recorded.db),
  };
  for (const [name, read] of Object.entries(reads(stores, leadIds))) {
    recorded.asked.length = 0;
    await read(1);
    console.log(`\n### ${name}`);
    for (const { sql, params } of recorded.asked) {
      const rows = await db.all(`${explain} ${sql}`, params);
      console.log(`\n${sql}\n${rows.map((row) => Object.values(row).at(-1)).join('\n')}`);
    }
  }
}

async function measure(name: string, repository: Repository, db: Database, explain: string, seeded: number) {
  const ids = (await repository.inbox.listLeads({}, 1000)).map((row) => row.id);
  console.log(
    `\n${name}: ${LEADS} leads, semeado em ${seeded.toFixed(0)} s; carga da máquina ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${'leitura'.padEnd(28)}${'mediana ms'.padStart(12)}${'p95 ms'.padStart(10)}`);
  for (const [label, read] of Object.entries(reads(repository, ids))) {
    const { median, p95 } = await time(read);
    console.log(`${label.padEnd(28)}${median.toFixed(1).padStart(12)}${p95.toFixed(1).padStart(10)}`);
  }
  const memory = await exportMemory(repository);
  console.log(
    `exportação completa: ${memory.lines - 1} linhas, ${(memory.bytes / 1024 ** 2).toFixed(0)} MB em ${memory.seconds.toFixed(1)} s; ` +
      `RSS antes ${memory.before.toFixed(0)} MB, pico ${memory.peak.toFixed(0)} MB, depois ${memory.after.toFixed(0)} MB`,
  );
  if (PLANS) await plans(db, explain, ids);
}

/** Members who own the leads and wrote the notes. */
async function addMembers(db: Database) {
  const ids = Array.from({ length: 6 }, (_, n) => `00000000-0000-4000-8000-00000000000${n}`);
  for (const [n, id] of ids.entries())
    await db.run('INSERT INTO members (id, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)', [
      id,
      `vendas${n}@example.com`,
      `Vendedor ${n} Simões`,
      'vendas',
      new Date().toISOString(),
    ]);
  return ids;
}

const seconds = (started: number) => (performance.now() - started) / 1000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'site-inbox-bench-'));
try {
  const db = openSqliteDatabase(dataDir);
  const started = performance.now();
  seedSqlite(dataDir, decade(await addMembers(db)));
  const repository = openSqlite(dataDir);
  await measure('SQLite', repository, db, 'EXPLAIN QUERY PLAN', seconds(started));
  await repository.close();
  await db.close();
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
  try {
    const address = new URL(url);
    address.searchParams.set('options', `-c search_path=${schema}`);
    const db = await openPostgresDatabase(address.toString(), { logger: quiet, max: 4 });
    const started = performance.now();
    await seedPostgres(address.toString(), decade(await addMembers(db)));
    const repository = await openPostgres(address.toString(), { logger: quiet, max: 4 });
    await measure('PostgreSQL', repository, db, 'EXPLAIN (ANALYZE, BUFFERS)', seconds(started));
    await repository.close();
    await db.close();
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
