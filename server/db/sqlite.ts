import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { CreateResult, IdempotencyKey, Repository, RepositoryOptions } from './repository';
import { sqliteOutbox } from './sqlite-outbox';
import { contactRow, contactsTable, insertSql, pageSql, quoteRow, quotesTable, rowValues, type Row, type Table } from './rows';

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
  `CREATE TABLE quotes (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     status TEXT NOT NULL,
     created_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT,
     company TEXT,
     origin_city TEXT NOT NULL,
     origin_state TEXT NOT NULL,
     destination_city TEXT NOT NULL,
     destination_state TEXT NOT NULL,
     cargo_type TEXT NOT NULL,
     weight_tons REAL NOT NULL,
     vehicle TEXT,
     pickup_date TEXT,
     notes TEXT
   );`,
  // The durable outbox: one row per e-mail, written in the transaction that stores the lead.
  `CREATE TABLE outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     kind TEXT NOT NULL,
     payload TEXT NOT NULL,
     status TEXT NOT NULL,
     attempts INTEGER NOT NULL,
     next_attempt_at TEXT NOT NULL,
     claimed_until TEXT,
     last_error TEXT,
     created_at TEXT NOT NULL,
     sent_at TEXT
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
];

export const SQLITE_FILE = 'site.db';

/** The embedded default: one file in dataDir, no server to run. */
export function openSqlite(dataDir: string, { notifications = false }: RepositoryOptions = {}): Repository {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
  // WAL lets readers run beside the writer; FULL sync makes a commit survive a power cut.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
  migrate(db);
  const outbox = sqliteOutbox(db);
  const notify: typeof outbox.enqueue = notifications ? outbox.enqueue : () => {};

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

  /** Looks the key up and writes inside one IMMEDIATE transaction, so a repeated key never races. */
  const createOnce = <T>(
    scope: string,
    idempotency: IdempotencyKey | undefined,
    insert: (id: string, createdAt: string) => T,
    replay: (id: string, createdAt: string) => T,
  ) =>
    transaction((): CreateResult<T> => {
      if (idempotency) {
        const previous = db
          .prepare('SELECT fingerprint, resource_id, created_at FROM idempotency_keys WHERE scope = ? AND key = ?')
          .get(scope, idempotency.key);
        if (previous) {
          if (previous.fingerprint !== idempotency.fingerprint) return { outcome: 'conflict' };
          return { outcome: 'replayed', record: replay(String(previous.resource_id), String(previous.created_at)) };
        }
      }
      const id = randomUUID();
      const createdAt = new Date().toISOString();
      const record = insert(id, createdAt);
      if (idempotency) {
        db.prepare('INSERT INTO idempotency_keys (scope, key, fingerprint, resource_id, created_at) VALUES (?, ?, ?, ?, ?)').run(
          scope,
          idempotency.key,
          idempotency.fingerprint,
          id,
          createdAt,
        );
      }
      return { outcome: 'created', record };
    });

  const insert = (table: Table<unknown>, row: Row) => {
    db.prepare(insertSql(table, () => '?')).run(...(rowValues(table, row) as SQLInputValue[]));
  };

  const page = <T>(table: Table<T>, pageNumber: number, limit: number) =>
    transaction(() => {
      const { total } = db.prepare(`SELECT count(*) AS total FROM ${table.name}`).get() as { total: number };
      const rows = db.prepare(pageSql(table, '?', '?')).all(limit, (pageNumber - 1) * limit);
      return { items: rows.map(table.toRecord), total };
    });

  const findQuote = (id: string) => {
    const row = db.prepare(`SELECT ${quotesTable.columns.join(', ')} FROM quotes WHERE id = ?`).get(id);
    return row && quotesTable.toRecord(row);
  };

  return {
    async createContact(fields, idempotency) {
      return createOnce(
        'contacts',
        idempotency,
        (id, createdAt) => {
          const row = contactRow(id, createdAt, fields);
          insert(contactsTable, row);
          notify({ kind: 'contact', record: contactsTable.toRecord(row) });
          return { id, createdAt };
        },
        (id, createdAt) => ({ id, createdAt }),
      );
    },
    async listContacts(pageNumber, limit) {
      return page(contactsTable, pageNumber, limit);
    },
    async createQuote(fields, idempotency) {
      return createOnce(
        'quotes',
        idempotency,
        (id, createdAt) => {
          const row = quoteRow(id, createdAt, fields);
          insert(quotesTable, row);
          const record = quotesTable.toRecord(row);
          notify({ kind: 'quote', record });
          return record;
        },
        (id) => findQuote(id)!,
      );
    },
    async listQuotes(pageNumber, limit) {
      return page(quotesTable, pageNumber, limit);
    },
    async getQuote(id) {
      return findQuote(id);
    },
    notifications,
    outbox: outbox.store,
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
