import type pg from 'pg';
import type { Database, Dialect, Param, Queries, Row } from './database';
import { migrate } from './migrate';
import { createPool, guard, inTransaction, type PoolOptions } from './postgres-pool';

export type { PoolOptions };

const postgres: Dialect = {
  types: {
    seq: 'bigserial PRIMARY KEY',
    uuid: 'uuid',
    timestamp: 'timestamptz',
    date: 'date',
    real: 'double precision',
    json: 'jsonb',
    bytes: 'bytea',
  },
  // The database's clock, not this replica's: every replica agrees on what is due and whose lease expired.
  now: 'now()',
  later: `now() + ? * interval '1 millisecond'`,
  earlier: `now() - ? * interval '1 millisecond'`,
  // Replicas claiming at once each take a different row instead of queueing on one.
  // https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE
  skipLocked: 'FOR UPDATE SKIP LOCKED',
  // Per schema: each schema (a test file's, say) is migrated on its own.
  migrationLock: `SELECT pg_advisory_xact_lock(hashtext('site-migrations:' || current_schema()))`,
  // Try, not wait: a replica that finds another purging skips its round instead of queueing behind it.
  purgeLock: `SELECT pg_try_advisory_xact_lock(hashtext('site-retention:' || current_schema())) AS locked`,
  keyLock: `SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':' || ?))`,
  // A deleted row stays in its table's and indexes' files, dead but readable, until a vacuum prunes
  // it, and autovacuum waits for a fifth of a table to be dead. A plain VACUUM takes no lock that
  // stops a write; VACUUM FULL would leave no copy but locks the table out (docs/leads.md).
  afterErasure: (tables) => `VACUUM ${tables.join(', ')}`,
  // unaccent folds the accents and pg_trgm indexes the folded text, so that a word found anywhere in
  // it ('%sao%') is an index scan. unaccent is not IMMUTABLE (its dictionary could change), so an
  // index needs a wrapper that says it is, naming the dictionary's schema.
  // https://www.postgresql.org/docs/current/unaccent.html, https://www.postgresql.org/docs/current/pgtrgm.html
  search: {
    index: (table, text) => [
      // Extensions are the database's, not a schema's: replicas (and test files) migrating their
      // own schemas at once must not race to create them.
      `SELECT pg_advisory_xact_lock(hashtext('site-extensions'))`,
      'CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public',
      'CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public',
      `CREATE OR REPLACE FUNCTION site_search_text(text) RETURNS text
         LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
         AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`,
      `CREATE INDEX ${table}_search ON ${table} USING gin (site_search_text(${text('')}) public.gin_trgm_ops)`,
    ],
    matches: (table, text, words) => ({
      sql: words
        .map(() => `site_search_text(${text(`${table}.`)}) LIKE '%' || site_search_text(?) || '%'`)
        .join(' AND '),
      params: words.map((word) => word.replace(/[\\%_]/g, (special) => `\\${special}`)),
    }),
  },
};

const BEGIN = {
  write: 'BEGIN',
  // The page and its count see the same rows even while writes commit between them.
  read: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
};

/** `?` → `$1, $2…`. The shared SQL has no other question mark: none in a string literal, no jsonb `?` operator. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const queriesOn = (client: pg.Pool | pg.PoolClient): Queries => {
  const query = (sql: string, params: Param[] = []) => client.query<Row>(numbered(sql), params);
  return {
    all: async (sql, params) => (await query(sql, params)).rows,
    get: async (sql, params) => (await query(sql, params)).rows[0],
    run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
  };
};

/** Every call guarded: a database out of reach is a DatabaseUnavailableError (503), not a bug. */
function postgresDatabase(pool: pg.Pool): Database {
  const queries = queriesOn(pool);
  let closed = false;
  return {
    dialect: postgres,
    all: (sql, params) => guard(() => queries.all(sql, params)),
    get: (sql, params) => guard(() => queries.get(sql, params)),
    run: (sql, params) => guard(() => queries.run(sql, params)),
    transaction: (work, mode = 'write') =>
      guard(() => inTransaction(pool, BEGIN[mode], (client) => work(queriesOn(client)))),
    // pg queues a query for one tick even when an idle connection is there to take it (a scrape's
    // own outbox counts did): only a query with no idle connection left is waiting.
    connections: () => ({
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.idleCount > 0 ? 0 : pool.waitingCount,
    }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** PostgreSQL for several replicas, migrated: the same statements and semantics as SQLite. */
export async function openPostgresDatabase(connectionString: string, options: PoolOptions): Promise<Database> {
  const db = postgresDatabase(createPool(connectionString, options));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
