import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, it, onTestFinished } from 'vitest';
import type { Repository, RepositoryOptions } from '../../server/composition/repository';
import { openPostgres } from '../../server/composition/repository';
import type { Row } from '../../server/db/database';
import type { PoolOptions } from '../../server/db/postgres-pool';
import { SQLITE_FILE } from '../../server/db/sqlite';
import { createLogger } from '../../server/process/logger';
import { tempDir, testRepository } from './app';
import { needs } from './tools';

/** A storage backend the contract suite runs against. */
export type Backend = {
  name: string;
  /** An empty store for this test, closed after it. */
  fresh(options?: RepositoryOptions): Promise<Repository>;
  /** Another handle on the store fresh() made last, as a second replica (or a restart) opens it. */
  another(options?: RepositoryOptions): Promise<Repository>;
  /** A table of that store as it lies on disk, every column, for what the API does not show. */
  rows(table: StoredTable): Promise<Row[]>;
  /** One statement on that store, behind the repository's back: a row as an older release wrote it. */
  exec(sql: string): Promise<void>;
};

/** The tables a test may read as stored, each in the order its rows were written. */
const ORDER = {
  outbox: 'seq',
  idempotency_keys: 'created_at',
  audit_log: 'seq',
  sessions: 'created_at',
  sign_in_codes: 'expires_at',
  webauthn_challenges: 'expires_at',
  spam_counts: 'kind, term',
  proposals: 'seq',
  applications: 'seq',
  application_files: 'application_id',
  application_notes: 'seq',
  shipments: 'seq',
  shipment_events: 'seq',
  shipment_photos: 'seq',
  integrations: 'seq',
} as const;
type StoredTable = keyof typeof ORDER;

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export const quietLogger = createLogger('silent', { write: () => {} });

const sqlite = (): Backend => {
  let dataDir = '';
  return {
    name: 'SQLite',
    async fresh(options) {
      dataDir = tempDir();
      return testRepository(dataDir, options);
    },
    async another(options) {
      return testRepository(dataDir, options);
    },
    async rows(table) {
      const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE), { readOnly: true });
      try {
        return db.prepare(`SELECT * FROM ${table} ORDER BY ${ORDER[table]}`).all();
      } finally {
        db.close();
      }
    },
    async exec(sql) {
      const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
  };
};

/** The connection string of `url` with `schema` as the only search_path. */
export function withSchema(url: string, schema: string) {
  const address = new URL(url);
  address.searchParams.set('options', `-c search_path=${schema}`);
  return address.toString();
}

/**
 * A PostgreSQL store private to the calling test file: its own schema, dropped after the file
 * (call it at the file's or a describe's top level), so files running in parallel never see each
 * other's rows. Repositories opened inside a test are closed when that test ends.
 */
export function postgresSchemaForThisFile(url: string) {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  let created: Promise<unknown> | undefined;
  afterAll(async () => {
    if (created) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });
  // Built when first used: a suite skipped for want of TEST_DATABASE_URL still runs this at collection.
  const schemaUrl = () => withSchema(url, schema);
  const ensure = () => {
    created ??= admin.query(`CREATE SCHEMA ${schema}`);
    return created;
  };
  return {
    schema,
    admin,
    get url() {
      return schemaUrl();
    },
    /** Creates the (empty) schema once. */
    ensure,
    /** Opens the repository (migrating the schema the first time), closed after the test. */
    async open(options: Partial<PoolOptions> & RepositoryOptions = {}) {
      await ensure();
      const repository = await openPostgres(schemaUrl(), { logger: quietLogger, max: 5, ...options });
      onTestFinished(() => repository.close());
      return repository;
    },
  };
}

const postgres = (url: string): Backend => {
  const store = postgresSchemaForThisFile(url);
  return {
    name: 'PostgreSQL',
    async fresh(options) {
      const repository = await store.open(options);
      const tables = [
        ...['contacts', 'quotes', 'lead_notes', 'idempotency_keys', 'outbox', 'audit_log', 'proposals'],
        ...['suspects', 'message_prints', 'spam_counts', 'positions'],
        ...['members', 'passkeys', 'sessions', 'invitations', 'sign_in_codes', 'webauthn_challenges', 'setup_claims'],
        ...['applications', 'application_files', 'application_notes'],
        // The sign-in's counters, which a test that fails codes or asks for them would leave behind.
        'rate_limits',
        // The ANTT acts (seeded again by a test that needs them) and the admin's lanes.
        ...['antt_coefficients', 'antt_tables', 'freight_lanes'],
        ...['shipments', 'shipment_keys', 'shipment_events', 'shipment_photos', 'driver_links', 'integrations'],
      ].map((table) => `${store.schema}.${table}`);
      await store.admin.query(`TRUNCATE ${tables.join(', ')}`);
      return repository;
    },
    another: (options) => store.open(options),
    async rows(table) {
      return (await store.admin.query<Row>(`SELECT * FROM ${store.schema}.${table} ORDER BY ${ORDER[table]}`)).rows;
    },
    // The admin pool's one connection: the search_path set is the one the statement runs under.
    async exec(sql) {
      await store.admin.query(`SET search_path TO ${store.schema}`);
      try {
        await store.admin.query(sql);
      } finally {
        await store.admin.query('RESET search_path');
      }
    },
  };
};

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). Call it at the file's
 * top level, e.g. in `describe.each(backendsForThisFile())`: the PostgreSQL schema is dropped after the file.
 */
export function backendsForThisFile(): Backend[] {
  if (TEST_DATABASE_URL) return [sqlite(), postgres(TEST_DATABASE_URL)];
  // Said rather than dropped unseen: one skipped test, at the file's first call, stands for its suites
  // on PostgreSQL in the run's summary of what was skipped (test/tools-reporter.ts).
  if (!placeholderMade) it('runs its suites on PostgreSQL too', needs('postgres'), () => {});
  placeholderMade = true;
  return [sqlite()];
}
let placeholderMade = false;
