import { randomUUID } from 'node:crypto';
import type { Database, Queries } from './database';
import type { CreateResult, IdempotencyKey, Repository, RepositoryOptions } from './repository';
import {
  contactRow,
  contactsTable,
  insertSql,
  type NewRow,
  pageSql,
  quoteRow,
  quotesTable,
  rowValues,
  selectSql,
  type Table,
} from './rows';
import { sqlOutbox } from './sql-outbox';

/** The Repository on either backend: the statements are the same, `db` runs them. */
export function sqlRepository(db: Database, { notifications = false }: RepositoryOptions = {}): Repository {
  const outbox = sqlOutbox(db);
  const notify: typeof outbox.enqueue = notifications ? outbox.enqueue : async () => {};

  const insert = (tx: Queries, table: Table<unknown>, row: NewRow) => tx.run(insertSql(table), rowValues(table, row));

  const findQuote = async (queries: Queries, id: string) => {
    const row = await queries.get(`${selectSql(quotesTable)} WHERE id = ?`, [id]);
    return row && quotesTable.toRecord(row);
  };

  /**
   * Stores a lead at most once per Idempotency-Key. The key's row goes in first, in the lead's
   * transaction: of requests racing with one key, the primary key lets one insert it; the others
   * (waiting for it to commit on PostgreSQL, queued behind SQLite's single writer) insert nothing
   * and answer from the row it left.
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
      if (idempotency) {
        const inserted = await tx.run(
          `INSERT INTO idempotency_keys (scope, key, fingerprint, resource_id, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
          [scope, idempotency.key, idempotency.fingerprint, id, createdAt],
        );
        if (inserted === 0) {
          const previous = await tx.get(
            'SELECT fingerprint, resource_id, created_at FROM idempotency_keys WHERE scope = ? AND key = ?',
            [scope, idempotency.key],
          );
          if (previous?.fingerprint !== idempotency.fingerprint) return { outcome: 'conflict' };
          return {
            outcome: 'replayed',
            record: await replay(tx, String(previous.resource_id), String(previous.created_at)),
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

  return {
    createContact: (fields, idempotency) =>
      createOnce(
        'contacts',
        idempotency,
        async (tx, id, createdAt) => {
          const row = contactRow(id, createdAt, fields);
          await insert(tx, contactsTable, row);
          await notify(tx, { kind: 'contact', record: contactsTable.toRecord(row) });
          return { id, createdAt };
        },
        async (_tx, id, createdAt) => ({ id, createdAt }),
      ),
    listContacts: (pageNumber, limit) => page(contactsTable, pageNumber, limit),
    createQuote: (fields, idempotency) =>
      createOnce(
        'quotes',
        idempotency,
        async (tx, id, createdAt) => {
          const row = quoteRow(id, createdAt, fields);
          await insert(tx, quotesTable, row);
          const record = quotesTable.toRecord(row);
          await notify(tx, { kind: 'quote', record });
          return record;
        },
        async (tx, id) => (await findQuote(tx, id))!,
      ),
    listQuotes: (pageNumber, limit) => page(quotesTable, pageNumber, limit),
    getQuote: (id) => findQuote(db, id),
    notifications,
    outbox: outbox.store,
    connections: () => db.connections(),
    ping: async () => void (await db.get('SELECT 1')),
    close: () => db.close(),
  };
}
