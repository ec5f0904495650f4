import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { tempDir, testRepository } from '../../test/support/app';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { BY_TOKEN, validContact, validQuote } from '../../test/support/leads';
import { pending } from '../../test/support/outbox';
import { needs } from '../../test/support/tools';
import type { Repository } from '../composition/repository';
import { migrations } from './schema';
import { SQLITE_FILE } from './sqlite';

// Databases in production were made by the code before the migrations were unified; they must open
// with every row, without running a migration again. The DDL below is that code's, verbatim.

/** SQLite counted its migrations in PRAGMA user_version and had no schema_migrations. */
const SQLITE_BEFORE = `
  CREATE TABLE contacts (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, email TEXT NOT NULL,
    phone TEXT, company TEXT, message TEXT NOT NULL, created_at TEXT NOT NULL);
  CREATE TABLE idempotency_keys (scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, resource_id TEXT NOT NULL,
    created_at TEXT NOT NULL, PRIMARY KEY (scope, key));
  CREATE TABLE quotes (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, status TEXT NOT NULL, created_at TEXT NOT NULL,
    name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT, company TEXT, origin_city TEXT NOT NULL, origin_state TEXT NOT NULL,
    destination_city TEXT NOT NULL, destination_state TEXT NOT NULL, cargo_type TEXT NOT NULL, weight_tons REAL NOT NULL,
    vehicle TEXT, pickup_date TEXT, notes TEXT);
  CREATE TABLE outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, payload TEXT NOT NULL,
    status TEXT NOT NULL, attempts INTEGER NOT NULL, next_attempt_at TEXT NOT NULL, claimed_until TEXT, last_error TEXT,
    created_at TEXT NOT NULL, sent_at TEXT);
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  PRAGMA user_version = 3;`;

/** PostgreSQL already recorded versions 1–3 in schema_migrations, applied_at by default. */
const POSTGRES_BEFORE = `
  CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE contacts (seq bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, name text NOT NULL, email text NOT NULL,
    phone text, company text, message text NOT NULL, created_at timestamptz NOT NULL);
  CREATE TABLE idempotency_keys (scope text NOT NULL, key text NOT NULL, fingerprint text NOT NULL, resource_id uuid NOT NULL,
    created_at timestamptz NOT NULL, PRIMARY KEY (scope, key));
  CREATE TABLE quotes (seq bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, status text NOT NULL, created_at timestamptz NOT NULL,
    name text NOT NULL, email text NOT NULL, phone text, company text, origin_city text NOT NULL, origin_state text NOT NULL,
    destination_city text NOT NULL, destination_state text NOT NULL, cargo_type text NOT NULL, weight_tons double precision NOT NULL,
    vehicle text, pickup_date date, notes text);
  CREATE TABLE outbox (seq bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, kind text NOT NULL, payload jsonb NOT NULL,
    status text NOT NULL, attempts integer NOT NULL, next_attempt_at timestamptz NOT NULL, claimed_until timestamptz,
    last_error text, created_at timestamptz NOT NULL, sent_at timestamptz);
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  INSERT INTO schema_migrations (version) VALUES (1), (2), (3);`;

const contact = {
  id: '0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab',
  name: 'Maria Souza',
  email: 'maria@frete.com.br',
  message: 'Frete Belém → Campinas',
  createdAt: '2024-05-01T12:00:00.000Z',
};
const quote = {
  id: '5d6e7f80-9a0b-4c1d-9e2f-3a4b5c6d7e8f',
  status: 'pending',
  createdAt: '2024-05-02T09:30:00.000Z',
  name: 'Carlos Lima',
  email: 'carlos@bebidas.com.br',
  origin: { city: 'Campinas', state: 'SP' },
  destination: { city: 'Belém', state: 'PA' },
  cargoType: 'bebidas',
  weightTons: 27.5,
  pickupDate: '2024-06-10',
};
const oldKey = { key: 'chave-antiga', fingerprint: 'f-antiga' };

/** What the old code stored: a contact with its Idempotency-Key and a pending notification, and a quote. */
const ROWS = `
  INSERT INTO contacts (id, name, email, message, created_at) VALUES ('${contact.id}', '${contact.name}', '${contact.email}', '${contact.message}', '${contact.createdAt}');
  INSERT INTO idempotency_keys (scope, key, fingerprint, resource_id, created_at) VALUES ('contacts', '${oldKey.key}', '${oldKey.fingerprint}', '${contact.id}', '${contact.createdAt}');
  INSERT INTO outbox (id, kind, payload, status, attempts, next_attempt_at, created_at)
    VALUES ('9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', 'contact', '${JSON.stringify(contact)}', 'pending', 0, '${contact.createdAt}', '${contact.createdAt}');
  INSERT INTO quotes (id, status, created_at, name, email, origin_city, origin_state, destination_city, destination_state, cargo_type, weight_tons, pickup_date)
    VALUES ('${quote.id}', 'pending', '${quote.createdAt}', '${quote.name}', '${quote.email}', 'Campinas', 'SP', 'Belém', 'PA', 'bebidas', 27.5, '2024-06-10');`;

/**
 * The old rows read back, the old notification is sent and new writes go in. The old key, long
 * past its 24 hours, replays nothing any more: it is deleted by the first write. The old pending
 * notification goes with its lead when the lead's address is erased.
 */
async function expectCarriedOver(repository: Repository) {
  // Both read as the inbox's first status: a contact had none, a quote's 'pending' is 'new'
  // (docs/requirements.md §3.2).
  expect((await repository.contacts.listContacts(1, 10)).items).toEqual([{ ...contact, status: 'new' }]);
  expect(await repository.quotes.getQuote(quote.id)).toEqual({ ...quote, status: 'new' });
  expect(await repository.outbox.channel('email').claim(60_000)).toMatchObject({
    kind: 'contact',
    attempts: 1,
    record: contact,
  });
  expect((await repository.contacts.createContact(validContact(), oldKey)).outcome).toBe('created');
  expect((await repository.quotes.createQuote(validQuote())).outcome).toBe('created');
  expect([
    (await repository.contacts.listContacts(1, 10)).total,
    (await repository.quotes.listQuotes(1, 10)).total,
  ]).toEqual([2, 2]);
  expect(await pending(repository)).toBe(3);
  // The old notification has no lead_id; erasing its lead's address takes its copy all the same.
  expect(await repository.personalData.eraseSubject(contact.email.toUpperCase(), BY_TOKEN)).toMatchObject({
    contacts: 1,
    quotes: 0,
    suspects: 0,
  });
  expect(await pending(repository)).toBe(2);
}

const on = { channels: ['email'] } as const;

/** Every version this code knows, as schema_migrations records them once all are applied. */
const allVersions = migrations.map((_, index) => index + 1);

describe('an SQLite file made before schema_migrations', () => {
  const oldFile = () => {
    const dataDir = tempDir();
    const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
    db.exec(SQLITE_BEFORE + ROWS);
    db.close();
    return dataDir;
  };
  /** The versions schema_migrations records, and user_version. */
  const versions = (dataDir: string) => {
    const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE), { readOnly: true });
    try {
      const recorded = db
        .prepare('SELECT version FROM schema_migrations ORDER BY version')
        .all()
        .map((row) => row.version);
      return { recorded, userVersion: db.prepare('PRAGMA user_version').get()?.user_version };
    } finally {
      db.close();
    }
  };

  it('opens with its rows, sends its notifications and takes new writes', async () => {
    await expectCarriedOver(testRepository(oldFile(), on));
  });

  it('records the versions it had applied instead of applying them again, once', async () => {
    const dataDir = oldFile();
    await testRepository(dataDir).close();
    expect(versions(dataDir)).toEqual({ recorded: allVersions, userVersion: migrations.length });
    await testRepository(dataDir).close();
    expect(versions(dataDir)).toEqual({ recorded: allVersions, userVersion: migrations.length });
  });

  it('is what a new file looks like too, so the release before this one still opens a new file', async () => {
    const dataDir = tempDir();
    await testRepository(dataDir).close();
    expect(versions(dataDir)).toEqual({ recorded: allVersions, userVersion: migrations.length });
  });
});

const postgres = TEST_DATABASE_URL ? postgresSchemaForThisFile(TEST_DATABASE_URL) : undefined;

describe('a PostgreSQL schema made before the migrations were unified', needs('postgres'), () => {
  const store = postgres!;

  it('opens with its rows and its migration records untouched, the new ones after them', async () => {
    await store.ensure();
    await store.admin.query(`BEGIN; SET LOCAL search_path TO ${store.schema}; ${POSTGRES_BEFORE} ${ROWS} COMMIT;`);
    const recorded = () =>
      store.admin.query(`SELECT version, applied_at FROM ${store.schema}.schema_migrations ORDER BY version`);
    const before = (await recorded()).rows;

    await expectCarriedOver(await store.open(on));

    expect(before.map((row) => row.version)).toEqual([1, 2, 3]);
    // The three it had stay as they were; the migrations since are added after them.
    const after = (await recorded()).rows;
    expect(after.slice(0, 3)).toEqual(before);
    expect(after.map((row) => row.version)).toEqual(allVersions);
  });
});
