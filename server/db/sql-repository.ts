import { createHash, randomUUID } from 'node:crypto';
import {
  batchSql,
  contactsTable,
  insertSql,
  pageSql,
  quotesTable,
  rowValues,
  selectSql,
  type Table,
} from '../leads/rows';
import { sqlOutbox } from '../outbox/sql-store';
import { sqlPersonalData } from '../personal-data/sql-store';
import type { Database, Queries } from './database';
import type { CreateResult, IdempotencyKey, Repository, RepositoryOptions } from './repository';

/** How long an Idempotency-Key replays its first result (docs/requirements.md §10.3). */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The key as stored: the client's key hashed with its content's fingerprint. The same key with
 * other content is another write rather than a 422, so a key reveals nothing about another
 * client's use of it, and the client's own key is never stored.
 */
const storedKey = ({ key, fingerprint }: IdempotencyKey) =>
  createHash('sha256').update(`${fingerprint}\n${key}`).digest('hex');

/** The Repository on either backend: the statements are the same, `db` runs them. */
export function sqlRepository(db: Database, { channels = [] }: RepositoryOptions = {}): Repository {
  const { enqueue: notify, noticeErasure, outbox } = sqlOutbox(db, channels);

  /** Inserts a new lead and gives back its record, exactly as a read would. */
  const insert = async <T, F>(tx: Queries, table: Table<T, F>, id: string, createdAt: string, fields: F) => {
    const row = table.newRow(id, createdAt, fields);
    await tx.run(insertSql(table), rowValues(table, row));
    return table.toRecord(row);
  };

  const findQuote = async (queries: Queries, id: string) => {
    const row = await queries.get(`${selectSql(quotesTable)} WHERE id = ?`, [id]);
    return row && quotesTable.toRecord(row);
  };

  /**
   * Stores a lead at most once per Idempotency-Key and content. The key's row goes in first, in the
   * lead's transaction: of requests racing with one key, the primary key lets one insert it; the
   * others (waiting for it to commit on PostgreSQL, queued behind SQLite's single writer) insert
   * nothing and answer from the row it left. Keys past their lifetime are deleted first, on every
   * write: no timer to own, and the table holds at most a day of writes.
   */
  const createOnce = <T>(
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
          const first = await tx.get(
            'SELECT resource_id, created_at FROM idempotency_keys WHERE scope = ? AND key = ?',
            [scope, key],
          );
          return {
            outcome: 'replayed',
            record: await replay(tx, String(first!.resource_id), String(first!.created_at)),
          };
        }
      }
      return { outcome: 'created', record: await create(tx, id, createdAt) };
    });

  // One snapshot for the count and the page, so `total` always matches the rows around it.
  const page = <T>(table: Table<T>, pageNumber: number, limit: number) =>
    db.transaction(async (tx) => {
      const count = await tx.get(`SELECT count(*) AS total FROM ${table.name}`);
      const rows = await tx.all(pageSql(table), [limit, (pageNumber - 1) * limit]);
      return { items: rows.map(table.toRecord), total: Number(count?.total) };
    }, 'read');

  // Keyset pagination from the newest row down; the first batch starts above any seq.
  async function* batches<T>(table: Table<T>, nextSize: () => number) {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const size = nextSize();
      const rows = await db.all(batchSql(table), [before, size]);
      if (rows.length > 0) yield rows.map(table.toRecord);
      if (rows.length < size) return;
      before = Number(rows.at(-1)!.seq);
    }
  }

  // A contact's reply names only its id and time, so a replay needs no more than the key's row.
  const created = async (_tx: Queries, id: string, createdAt: string) => ({ id, createdAt });

  return {
    createContact: (fields, idempotency) =>
      createOnce(
        'contacts',
        idempotency,
        async (tx, id, createdAt) => {
          const record = await insert(tx, contactsTable, id, createdAt, fields);
          await notify(tx, { kind: 'contact', record });
          return { id, createdAt };
        },
        created,
      ),
    trapContact: (idempotency) => createOnce('contacts', idempotency, created, created),
    listContacts: (pageNumber, limit) => page(contactsTable, pageNumber, limit),
    createQuote: (fields, idempotency) =>
      createOnce(
        'quotes',
        idempotency,
        async (tx, id, createdAt) => {
          const record = await insert(tx, quotesTable, id, createdAt, fields);
          await notify(tx, { kind: 'quote', record });
          return record;
        },
        async (tx, id) => (await findQuote(tx, id))!,
      ),
    listQuotes: (pageNumber, limit) => page(quotesTable, pageNumber, limit),
    getQuote: (id) => findQuote(db, id),
    contactBatches: (size) => batches(contactsTable, size),
    quoteBatches: (size) => batches(quotesTable, size),
    ...sqlPersonalData(db, noticeErasure),
    channels,
    outbox,
    connections: () => db.connections(),
    ping: async () => void (await db.get('SELECT 1')),
    close: () => db.close(),
  };
}
