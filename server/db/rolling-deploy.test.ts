import { describe, expect, it } from 'vitest';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { validContact, validQuote } from '../../test/support/leads';
import { needs } from '../../test/support/tools';
import { StartupError } from '../process/startup-error';
import type { ColumnTypes, Dialect } from './database';
import { migrations } from './schema';

const latest = migrations.length;

// During a rolling deploy the replicas of the old release keep running on the schema the new one
// migrated, and a rollback starts old code on it: docs/requirements.md §10.14.
describe('a rolling deploy on PostgreSQL', needs('postgres'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);
  const { schema, admin } = store;

  it('keeps a running replica working after a newer release adds a column and a table', async () => {
    const running = await store.open({ channels: ['email'] });
    await admin.query(`ALTER TABLE ${schema}.contacts ADD COLUMN source text`);
    await admin.query(`ALTER TABLE ${schema}.quotes ADD COLUMN reference text NOT NULL DEFAULT ''`);
    await admin.query(`CREATE TABLE ${schema}.newer_feature (id bigserial PRIMARY KEY)`);

    const contact = await running.contacts.createContact(validContact());
    const quote = await running.quotes.createQuote(validQuote());
    expect(contact.outcome).toBe('created');
    expect(quote.outcome).toBe('created');
    expect((await running.contacts.listContacts(1, 10)).total).toBe(1);
    if (quote.outcome === 'created') expect(await running.quotes.getQuote(quote.record.id)).toEqual(quote.record);
    expect(await running.outbox.channel('email').claim(60_000)).toMatchObject({ kind: 'contact' });
  });

  it('stops a replica whose code is older than the schema, in one line naming both versions', async () => {
    await store.open();
    await admin.query(`INSERT INTO ${schema}.schema_migrations (version, applied_at) VALUES ($1, now())`, [latest + 1]);
    const older = store.open();
    await expect(older).rejects.toBeInstanceOf(StartupError);
    await expect(older).rejects.toThrow(
      `O banco de dados está na versão ${latest + 1} do esquema, mais nova que a ${latest} que esta versão do site conhece`,
    );
  });
});

const sampleTypes: ColumnTypes = {
  seq: 'SEQ',
  uuid: 'UUID',
  timestamp: 'TIMESTAMP',
  date: 'DATE',
  real: 'REAL',
  json: 'JSON',
  bytes: 'BYTES',
};

/** Each backend's search index is its own statements (server/db/sqlite.ts, postgres.ts): an index here. */
const sampleDialect = {
  search: { index: (table: string) => [`CREATE INDEX ${table}_search ON ${table} (text)`] },
} as unknown as Dialect;

describe('migrations', () => {
  // Expand now, contract in a later release: old code must never miss a table or a column it uses.
  // An UPDATE may fill a value in (a quote's 'pending' became 'new'): old code still reads the column.
  // An INSERT adds a row (the setup already claimed on a site that has an admin).
  it.each(migrations.map((migration, index) => [index + 1, migration] as const))(
    'version %i only adds tables, indexes or columns, or fills values in',
    (_version, migration) => {
      for (const statement of migration(sampleTypes, sampleDialect)) {
        expect(statement.trim()).toMatch(
          /^(CREATE (TABLE|INDEX|UNIQUE INDEX)|ALTER TABLE \w+ ADD COLUMN|UPDATE \w+ SET|INSERT INTO \w+) /,
        );
        expect(statement).not.toMatch(/\b(DROP|RENAME|ALTER COLUMN)\b/i);
      }
    },
  );
});
