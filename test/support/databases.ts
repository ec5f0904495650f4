import { onTestFinished } from 'vitest';
import type { Database } from '../../server/db/database';
import { openPostgresDatabase } from '../../server/db/postgres';
import { openSqliteDatabase } from '../../server/db/sqlite';
import { tempDir } from './app';
import { postgresSchemaForThisFile, quietLogger, TEST_DATABASE_URL } from './backends';

/** A migrated database a feature's store is built on, for the stores the Repository does not compose yet. */
type DatabaseBackend = {
  name: string;
  /** An empty, migrated database for this test, closed after it (`tables` emptied first on PostgreSQL). */
  fresh(tables: readonly string[]): Promise<Database>;
};

const sqlite: DatabaseBackend = {
  name: 'SQLite',
  async fresh() {
    const db = openSqliteDatabase(tempDir());
    onTestFinished(() => db.close());
    return db;
  },
};

/** The file's own PostgreSQL schema (see postgresSchemaForThisFile), its tables emptied per test. */
function postgres(url: string): DatabaseBackend {
  const store = postgresSchemaForThisFile(url);
  return {
    name: 'PostgreSQL',
    async fresh(tables) {
      await store.ensure();
      const db = await openPostgresDatabase(store.url, { logger: quietLogger, max: 3 });
      onTestFinished(() => db.close());
      if (tables.length) await db.run(`TRUNCATE ${tables.join(', ')}`);
      return db;
    },
  };
}

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Call it at the file's top level,
 * e.g. in `describe.each(databasesForThisFile())`: the PostgreSQL schema is dropped after the file.
 */
export const databasesForThisFile = (): DatabaseBackend[] => [
  sqlite,
  ...(TEST_DATABASE_URL ? [postgres(TEST_DATABASE_URL)] : []),
];
