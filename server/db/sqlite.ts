import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { Contact, ContactFields } from '../../shared/contact';
import type { CreateResult, IdempotencyKey, Repository } from './repository';

/** Versioned schema: each entry runs once, in order; PRAGMA user_version records how far. */
const migrations = [
  `CREATE TABLE contacts (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT,
     company TEXT,
     message TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE idempotency_keys (
     scope TEXT NOT NULL,
     key TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     resource_id TEXT NOT NULL,
     created_at TEXT NOT NULL,
     PRIMARY KEY (scope, key)
   );`,
];

export const SQLITE_FILE = 'site.db';

type Row = Record<string, SQLInputValue>;

/** The embedded default: one file in dataDir, no server to run. */
export function openSqlite(dataDir: string): Repository {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
  // WAL lets readers run beside the writer; FULL sync makes a commit survive a power cut.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
  migrate(db);

  const transaction = <T>(work: () => T): T => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };

  const createOnce = (scope: string, idempotency: IdempotencyKey | undefined, insert: (id: string, createdAt: string) => void) =>
    transaction((): CreateResult => {
      if (idempotency) {
        const previous = db
          .prepare('SELECT fingerprint, resource_id, created_at FROM idempotency_keys WHERE scope = ? AND key = ?')
          .get(scope, idempotency.key);
        if (previous) {
          if (previous.fingerprint !== idempotency.fingerprint) return { outcome: 'conflict' };
          return { outcome: 'replayed', record: { id: String(previous.resource_id), createdAt: String(previous.created_at) } };
        }
      }
      const record = { id: randomUUID(), createdAt: new Date().toISOString() };
      insert(record.id, record.createdAt);
      if (idempotency) {
        db.prepare('INSERT INTO idempotency_keys (scope, key, fingerprint, resource_id, created_at) VALUES (?, ?, ?, ?, ?)').run(
          scope,
          idempotency.key,
          idempotency.fingerprint,
          record.id,
          record.createdAt,
        );
      }
      return { outcome: 'created', record };
    });

  const page = <T>(table: string, columns: string, toRecord: (row: Row) => T, pageNumber: number, limit: number) =>
    transaction(() => {
      const { total } = db.prepare(`SELECT count(*) AS total FROM ${table}`).get() as { total: number };
      const rows = db
        .prepare(`SELECT ${columns} FROM ${table} ORDER BY seq DESC LIMIT ? OFFSET ?`)
        .all(limit, (pageNumber - 1) * limit) as Row[];
      return { items: rows.map(toRecord), total };
    });

  return {
    async createContact(fields: ContactFields, idempotency?: IdempotencyKey) {
      return createOnce('contacts', idempotency, (id, createdAt) => {
        db.prepare(
          'INSERT INTO contacts (id, name, email, phone, company, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(id, fields.name, fields.email, fields.phone ?? null, fields.company ?? null, fields.message, createdAt);
      });
    },
    async listContacts(pageNumber: number, limit: number) {
      return page('contacts', 'id, name, email, phone, company, message, created_at', toContact, pageNumber, limit);
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}

function migrate(db: DatabaseSync) {
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  migrations.slice(version).forEach((sql, index) => {
    db.exec('BEGIN IMMEDIATE');
    db.exec(sql);
    db.exec(`PRAGMA user_version = ${version + index + 1}`);
    db.exec('COMMIT');
  });
}

function toContact(row: Row): Contact {
  return {
    id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    ...(row.phone === null ? {} : { phone: String(row.phone) }),
    ...(row.company === null ? {} : { company: String(row.company) }),
    message: String(row.message),
    createdAt: String(row.created_at),
  };
}
