// A decade of leads for bench/bench-inbox.ts: 100,000 leads (a third of them
// quotes), 200,000 notes and 1,000,000 audit lines, written straight into the tables, in batches, far
// faster than through the store. Deterministic: the same rows on both databases, run after run.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { SQLITE_FILE } from '../server/db/sqlite';

export const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const NOTES_PER_LEAD = 2;
const AUDIT_PER_LEAD = 10;
const YEAR_MS = 365.25 * 24 * 3600_000;
/** Ten years of leads, the newest a minute ago: the inbox's first page is today's. */
const SPAN_MS = 10 * YEAR_MS;

const FIRST = ['João', 'Conceição', 'Antônio', 'Márcia', 'José', 'Luíza', 'Sebastião', 'Ana', 'Cláudio', 'Fátima'];
const LAST = ['Araújo', 'Gonçalves', 'Magalhães', 'Simões', 'Brandão', 'Conceição', 'Assunção', 'Peixoto'];
const CITIES = [
  ['São Paulo', 'SP'],
  ['Belém', 'PA'],
  ['Manaus', 'AM'],
  ['Ribeirão Preto', 'SP'],
  ['Cuiabá', 'MT'],
  ['Marabá', 'PA'],
  ['Macapá', 'AP'],
  ['Jundiaí', 'SP'],
] as const;
const SOURCES = [
  ['google', 'frete-norte'],
  ['google', 'marca'],
  ['linkedin', 'industria'],
  ['instagram', null],
  [null, null],
  [null, null],
] as const;
const WORKED = ['contacted', 'proposal', 'won', 'lost'] as const;

/** A small deterministic generator (mulberry32): the same decade on every run and both databases. */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Value = string | number | null;
/** A table's rows to insert: each column's name and PostgreSQL type (for unnest), and the rows. */
export type Batch = { table: string; columns: readonly (readonly [string, string])[]; rows: Value[][] };

const LEAD_COLUMNS = [
  ['id', 'uuid'],
  ['created_at', 'timestamptz'],
  ['name', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['company', 'text'],
  ['status', 'text'],
  ['owner_id', 'uuid'],
  ['responded_at', 'timestamptz'],
  ['source_form', 'text'],
  ['source_utm_source', 'text'],
  ['source_utm_campaign', 'text'],
] as const;
const CONTACT_COLUMNS = [...LEAD_COLUMNS, ['message', 'text']] as const;
const QUOTE_COLUMNS = [
  ...LEAD_COLUMNS,
  ...['origin_city', 'origin_state', 'destination_city', 'destination_state', 'cargo_type'].map(
    (c) => [c, 'text'] as const,
  ),
  ['weight_tons', 'float8'],
] as const;

/**
 * The decade, in batches of at most `size` rows, oldest first: leads, then their notes and their audit
 * lines (views, status changes). 60% of leads are answered, within minutes to a day and a half.
 */
export function* decade(members: readonly string[], size = 5_000): Generator<Batch> {
  const next = random(34);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const now = Date.now() - 60_000;
  const leads: { id: string; at: number; answered?: number }[] = [];
  let contacts: Value[][] = [];
  let quotes: Value[][] = [];
  const flush = function* () {
    if (contacts.length) yield { table: 'contacts', columns: CONTACT_COLUMNS, rows: contacts };
    if (quotes.length) yield { table: 'quotes', columns: QUOTE_COLUMNS, rows: quotes };
    [contacts, quotes] = [[], []];
  };
  for (let n = 0; n < LEADS; n++) {
    const id = randomUUID();
    const at = now - SPAN_MS + (n * SPAN_MS) / LEADS;
    const answered = next() < 0.6 ? at + (5 + next() * 36 * 60) * 60_000 : undefined;
    leads.push({ id, at, ...(answered && { answered }) });
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const [from, to] = [pick(CITIES), pick(CITIES)];
    const [utmSource, utmCampaign] = pick(SOURCES);
    const row: Value[] = [
      id,
      new Date(at).toISOString(),
      name,
      `cliente${n}@empresa${n % 997}.com.br`,
      `+55 (91) 9${String(n).padStart(4, '0').slice(-4)}-4321`,
      n % 4 ? `Transportes ${pick(LAST)} Ltda.` : null,
      answered ? pick(WORKED) : 'new',
      answered ? pick(members) : null,
      answered ? new Date(answered).toISOString() : null,
      n % 3 ? 'contato' : 'cotacao',
      utmSource,
      utmCampaign,
    ];
    if (n % 3)
      contacts.push([
        ...row,
        `Preciso de frete fechado de ${from[0]}/${from[1]} para ${to[0]}/${to[1]}; carga de ${n % 40} t.`,
      ]);
    else quotes.push([...row, from[0], from[1], to[0], to[1], 'alimentos', (n % 45) + 0.5]);
    if (contacts.length + quotes.length >= size) yield* flush();
  }
  yield* flush();
  const noteColumns = [
    ['id', 'uuid'],
    ['lead_id', 'uuid'],
    ['author_id', 'uuid'],
    ['body', 'text'],
    ['created_at', 'timestamptz'],
  ] as const;
  const auditColumns = [
    ['at', 'timestamptz'],
    ['action', 'text'],
    ['contacts', 'int4'],
    ['quotes', 'int4'],
    ['actor', 'text'],
    ['actor_id', 'text'],
    ['lead_id', 'uuid'],
  ] as const;
  let notes: Value[][] = [];
  let audit: Value[][] = [];
  for (const { id, at, answered } of leads) {
    for (let k = 1; k <= NOTES_PER_LEAD; k++)
      notes.push([
        randomUUID(),
        id,
        pick(members),
        `Liguei, pediu proposta até sexta (${k}); cliente de Marabá`,
        new Date(at + k * 3600_000).toISOString(),
      ]);
    for (let k = 1; k <= AUDIT_PER_LEAD; k++) {
      const action = k === 1 && answered ? 'lead.status' : 'lead.viewed';
      audit.push([
        new Date((answered ?? at) + k * 60_000).toISOString(),
        action,
        0,
        0,
        'vendas@example.com',
        pick(members),
        id,
      ]);
    }
    if (notes.length >= size) {
      yield { table: 'lead_notes', columns: noteColumns, rows: notes };
      notes = [];
    }
    if (audit.length >= size) {
      yield { table: 'audit_log', columns: auditColumns, rows: audit };
      audit = [];
    }
  }
  if (notes.length) yield { table: 'lead_notes', columns: noteColumns, rows: notes };
  if (audit.length) yield { table: 'audit_log', columns: auditColumns, rows: audit };
}

/** Writes the batches into the SQLite file of `dataDir` (migrated), in one transaction. */
export function seedSqlite(dataDir: string, batches: Iterable<Batch>) {
  const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
  try {
    db.exec('BEGIN');
    for (const { table, columns, rows } of batches) {
      const insert = db.prepare(
        `INSERT INTO ${table} (${columns.map(([name]) => name).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows) insert.run(...row);
    }
    db.exec('COMMIT');
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

/** Writes the batches into PostgreSQL at `url` (migrated): one INSERT … SELECT FROM unnest per batch. */
export async function seedPostgres(url: string, batches: Iterable<Batch>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const { table, columns, rows } of batches) {
      const arrays = columns.map((_, index) => rows.map((row) => row[index]));
      const unnest = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
      await client.query(
        `INSERT INTO ${table} (${columns.map(([name]) => name).join(', ')}) SELECT * FROM unnest(${unnest})`,
        arrays,
      );
    }
    // As autovacuum would have left tables that grew over years: their statistics and visibility map
    // made, rather than a vacuum of a million fresh rows running under the first reads.
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
}
