import { StartupError } from '../process/startup-error';
import type { Database } from './database';
import { migrations } from './schema';

/**
 * Applies the migrations not yet recorded in schema_migrations, in one transaction, the same way
 * on both backends, and refuses a schema newer than this code's. Replicas starting together queue
 * on the dialect's lock (SQLite's write lock is enough): the first migrates, the others then find
 * nothing to do.
 */
export function migrate(db: Database) {
  const { types, now, migrationLock, legacyVersion } = db.dialect;
  return db.transaction(async (tx) => {
    if (migrationLock) await tx.run(migrationLock);
    await tx.run(
      'CREATE TABLE IF NOT EXISTS schema_migrations ' +
        `(version integer PRIMARY KEY, applied_at ${types.timestamp} NOT NULL)`,
    );
    const recorded = Number(
      (await tx.get('SELECT coalesce(max(version), 0) AS version FROM schema_migrations'))?.version,
    );
    const legacy = (await legacyVersion?.read(tx)) ?? 0;
    const record = (version: number) =>
      tx.run(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ${now})`, [version]);

    const applied = Math.max(recorded, legacy);
    // A rollback after a newer release migrated (docs/requirements.md §10.14): this code may not
    // know what that release changed. Stop here, in one line, rather than fail later on a column
    // it cannot see.
    if (applied > migrations.length) {
      throw new StartupError(
        `O banco de dados está na versão ${applied} do esquema, mais nova que a ${migrations.length} ` +
          `que esta versão do site conhece: rode a versão do site que aplicou a ${applied}, ou mais nova.`,
      );
    }
    // Applied before schema_migrations existed: only the record is missing, not the tables.
    for (let version = recorded + 1; version <= legacy; version++) await record(version);
    for (const [index, statements] of migrations.entries()) {
      if (index < applied) continue;
      for (const statement of statements(types, db.dialect)) await tx.run(statement);
      await record(index + 1);
    }
    const latest = Math.max(applied, migrations.length);
    if (legacyVersion && latest !== legacy) await legacyVersion.write(tx, latest);
  });
}
