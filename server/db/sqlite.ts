import path from 'node:path';
import { prepareDataDir } from './data-dir';
import type { Database, Dialect, Queries } from './database';
import { migrate } from './migrate';

export const SQLITE_FILE = 'site.db';

// Asked for when this module runs, not imported: a static import fails as the bundle loads on a
// Node without node:sqlite, before server/process/node-version.ts can say which Node is needed.
const { DatabaseSync } = process.getBuiltinModule('node:sqlite');

/** ISO 8601 in UTC with milliseconds, as Date.toISOString() writes it: such strings sort in time order. */
const ISO = `'%Y-%m-%dT%H:%M:%fZ'`;

const sqlite: Dialect = {
  types: {
    seq: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    uuid: 'TEXT',
    timestamp: 'TEXT',
    date: 'TEXT',
    real: 'REAL',
    json: 'TEXT',
    bytes: 'BLOB',
  },
  now: `strftime(${ISO}, 'now')`,
  // The modifier is text such as '0.25 seconds'; the parentheses because || binds tighter than /.
  later: `strftime(${ISO}, 'now', (? / 1000.0) || ' seconds')`,
  earlier: `strftime(${ISO}, 'now', (-? / 1000.0) || ' seconds')`,
  // One UPDATE is atomic and SQLite has a single writer: two claims cannot meet.
  skipLocked: '',
  // secure_delete has zeroed what was deleted in the pages, but the pages as they were, the erased
  // text in them, are still frames of the write-ahead log: copy the log into the file and empty it.
  // https://www.sqlite.org/pragma.html#pragma_wal_checkpoint
  afterErasure: () => 'PRAGMA wal_checkpoint(TRUNCATE)',
  // FTS5, its tokenizer folding accents ('São' is 'sao'), contentless: the index holds the words, not
  // a second copy of the text, and a lead's delete takes its words out (contentless_delete), so an
  // erasure leaves none behind. Each word asked is a quoted prefix: "sao"* "paul"*.
  // https://www.sqlite.org/fts5.html#contentless_delete_tables
  search: {
    index: (table, text) => [
      `CREATE VIRTUAL TABLE ${table}_search USING fts5(text, content='', contentless_delete=1, ` +
        `tokenize='unicode61 remove_diacritics 2')`,
      `INSERT INTO ${table}_search (rowid, text) SELECT seq, ${text('')} FROM ${table}`,
      `CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table} BEGIN ` +
        `INSERT INTO ${table}_search (rowid, text) VALUES (new.seq, ${text('new.')}); END`,
      `CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table} BEGIN ` +
        `DELETE FROM ${table}_search WHERE rowid = old.seq; END`,
    ],
    // The '+' keeps SQLite from looking the matches up one by one and sorting them all: it walks the
    // arrival index newest first instead, checks each row against the matches (a bloom filter, then
    // a lookup) and stops at the page's end (decision 032; docs/performance.md, "Inbox at 100,000
    // leads"): a common word is found at once, a word in no lead walks the whole index, so the
    // worst case is bounded by the table.
    matches: (table, _text, words) => ({
      sql: `+${table}.seq IN (SELECT rowid FROM ${table}_search WHERE ${table}_search MATCH ?)`,
      params: [words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ')],
    }),
  },
  // No migrationLock nor purgeLock: BEGIN IMMEDIATE takes the database's one write lock, other
  // processes included.

  // Files made before schema_migrations counted their migrations in user_version. It is kept in
  // step so that the release before this one can still open a file this one created.
  legacyVersion: {
    read: async (tx) => Number((await tx.get('PRAGMA user_version'))?.user_version),
    // A PRAGMA takes no parameters; `version` is a number this code computed.
    write: async (tx, version) => void (await tx.run(`PRAGMA user_version = ${version}`)),
  },
};

/**
 * Every SQLite call of this process, one at a time. node:sqlite works on this thread and a
 * transaction awaits between its statements: had another connection begun writing meanwhile, its
 * busy wait would block the very thread that must finish the first transaction.
 */
let queue: Promise<unknown> = Promise.resolve();
/** Calls queued or running: the one connection is in use by one of them, the others wait. */
let queued = 0;
function serially<T>(job: () => Promise<T>): Promise<T> {
  queued++;
  const result = queue.then(job).finally(() => queued--);
  queue = result.catch(() => {});
  return result;
}
const connectionUse = () => ({ inUse: Math.min(queued, 1), waiting: Math.max(queued - 1, 0) });

function sqliteDatabase(file: string): Database {
  const db = new DatabaseSync(file);
  // WAL lets readers run beside the writer; FULL sync makes a commit survive a power cut; secure_delete
  // overwrites deleted rows (and freed pages) with zeros, so an erased lead leaves no readable copy.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
  db.exec('PRAGMA secure_delete = ON;');
  const queries: Queries = {
    all: async (sql, params = []) => db.prepare(sql).all(...params),
    get: async (sql, params = []) => db.prepare(sql).get(...params),
    run: async (sql, params = []) => Number(db.prepare(sql).run(...params).changes),
  };
  return {
    dialect: sqlite,
    all: (sql, params) => serially(() => queries.all(sql, params)),
    get: (sql, params) => serially(() => queries.get(sql, params)),
    run: (sql, params) => serially(() => queries.run(sql, params)),
    // IMMEDIATE takes the write lock up front, so a writing transaction never fails half-way on
    // SQLITE_BUSY; a deferred BEGIN reads one snapshot (WAL) and blocks no writer.
    transaction: (work, mode = 'write') =>
      serially(async () => {
        db.exec(mode === 'write' ? 'BEGIN IMMEDIATE' : 'BEGIN');
        try {
          const result = await work(queries);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          // Some errors (a full disk) end the transaction themselves.
          if (db.isTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    connections: connectionUse,
    close: () =>
      serially(async () => {
        if (db.isOpen) db.close();
      }),
  };
}

/** `db` whose every call first waits for `ready`, and fails with its error if it failed. */
function after(ready: Promise<void>, db: Database): Database {
  // Handled here so that a failure is reported by the calls that wait for it, not as unhandled.
  ready.catch(() => {});
  const then = <T>(call: () => Promise<T>) => ready.then(call);
  return {
    dialect: db.dialect,
    all: (sql, params) => then(() => db.all(sql, params)),
    get: (sql, params) => then(() => db.get(sql, params)),
    run: (sql, params) => then(() => db.run(sql, params)),
    transaction: (work, mode) => then(() => db.transaction(work, mode)),
    connections: () => db.connections(),
    close: () =>
      ready.then(
        () => db.close(),
        () => db.close(),
      ),
  };
}

/** The embedded default: one file in dataDir, no server to run. */
export function openSqliteDatabase(dataDir: string): Database {
  const db = sqliteDatabase(path.join(prepareDataDir(dataDir, SQLITE_FILE), SQLITE_FILE));
  // Opening stays synchronous for its callers while the migrations, shared with PostgreSQL, are
  // async: every call waits for them, and fails with their error if they failed.
  return after(migrate(db), db);
}
