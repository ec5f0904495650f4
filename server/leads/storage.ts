import { createHash, randomUUID } from 'node:crypto';
import type { Database, Queries } from '../db/database';
import type { CreateResult, IdempotencyKey, ListResult } from '../db/results';
import { batchSql, insertSql, pageSql, rowValues, type Table } from './rows';

// What the two kinds of lead share in storage: the Idempotency-Key, the insert, a page, the batches.
// Each kind's store (contacts/sql-store.ts, quotes/sql-store.ts) builds on these.

/** How long an Idempotency-Key replays its first result (docs/requirements.md §10.3). */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The key as stored: the client's key hashed with its content's fingerprint. The same key with
 * other content is another write rather than a 422, so a key reveals nothing about another
 * client's use of it, and the client's own key is never stored.
 */
const storedKey = ({ key, fingerprint }: IdempotencyKey) =>
  createHash('sha256').update(`${fingerprint}\n${key}`).digest('hex');

/**
 * Stores a lead at most once per Idempotency-Key and content. The key's row goes in first, in the
 * lead's transaction: of requests racing with one key, the primary key lets one insert it; the
 * others (waiting for it to commit on PostgreSQL, queued behind SQLite's single writer) insert
 * nothing and answer from the row it left. Keys past their lifetime are deleted first, on every
 * write: no timer to own, and the table holds at most a day of writes.
 */
export const createOnce = <T>(
  db: Database,
  scope: string,
  idempotency: IdempotencyKey | undefined,
  create: (tx: Queries, id: string, createdAt: string) => Promise<T>,
  replay: (tx: Queries, id: string, createdAt: string) => Promise<T>,
) =>
  db.transaction(async (tx): Promise<CreateResult<T>> => {
    const id = randomUUID();
    const createdAt = new Date().toISOString();
    await tx.run('DELETE FROM idempotency_keys WHERE created_at < ?', [
      new Date(Date.now() - KEY_LIFETIME_MS).toISOString(),
    ]);
    if (idempotency) {
      const key = storedKey(idempotency);
      const inserted = await tx.run(
        'INSERT INTO idempotency_keys (scope, key, fingerprint, resource_id, created_at) ' +
          'VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
        [scope, key, idempotency.fingerprint, id, createdAt],
      );
      if (inserted === 0) {
        const first = await tx.get('SELECT resource_id, created_at FROM idempotency_keys WHERE scope = ? AND key = ?', [
          scope,
          key,
        ]);
        return {
          outcome: 'replayed',
          record: await replay(tx, String(first!.resource_id), String(first!.created_at)),
        };
      }
    }
    return { outcome: 'created', record: await create(tx, id, createdAt) };
  });

/** Inserts a new lead and gives back its record, exactly as a read would. */
export const insertLead = async <T, F>(tx: Queries, table: Table<T, F>, id: string, createdAt: string, fields: F) => {
  const row = table.newRow(id, createdAt, fields);
  await tx.run(insertSql(table), rowValues(table, row));
  return table.toRecord(row);
};

/** One snapshot for the count and the page, so `total` always matches the rows around it. */
export const pageOf = <T>(db: Database, table: Table<T>, pageNumber: number, limit: number) =>
  db.transaction(async (tx): Promise<ListResult<T>> => {
    const count = await tx.get(`SELECT count(*) AS total FROM ${table.name}`);
    const rows = await tx.all(pageSql(table), [limit, (pageNumber - 1) * limit]);
    return { items: rows.map(table.toRecord), total: Number(count?.total) };
  }, 'read');

/**
 * Every row, newest first, in batches of `nextSize()` rows, asked before each (keyset pagination
 * from the newest row down; the first batch starts above any seq): each batch is its own
 * statement, so an export holds no transaction and no other request waits for it.
 */
export async function* batchesOf<T>(db: Database, table: Table<T>, nextSize: () => number) {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const size = nextSize();
    const rows = await db.all(batchSql(table), [before, size]);
    if (rows.length > 0) yield rows.map(table.toRecord);
    if (rows.length < size) return;
    before = Number(rows.at(-1)!.seq);
  }
}
