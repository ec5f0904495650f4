import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { migrate } from './postgres-migrations';
import { postgresOutbox } from './postgres-outbox';
import { createPool, guard, inTransaction, type PoolOptions } from './postgres-pool';
import type { CreateResult, IdempotencyKey, Repository, RepositoryOptions } from './repository';
import { contactRow, contactsTable, insertSql, pageSql, quoteRow, quotesTable, rowValues, type Row, type Table } from './rows';

type Previous = { fingerprint: string; resource_id: string; created_at: string };

/** PostgreSQL for several replicas: the same Repository and semantics as SQLite. */
export async function openPostgres(
  connectionString: string,
  { notifications = false, ...options }: PoolOptions & RepositoryOptions,
): Promise<Repository> {
  const pool = createPool(connectionString, options);
  try {
    await guard(() => migrate(pool));
  } catch (error) {
    await pool.end();
    throw error;
  }
  const outbox = postgresOutbox(pool);
  const notify: typeof outbox.enqueue = notifications ? outbox.enqueue : async () => {};

  const insert = (client: pg.PoolClient, table: Table<unknown>, row: Row) =>
    client.query(insertSql(table, (n) => `$${n}`), rowValues(table, row));

  const findQuote = async (db: pg.Pool | pg.PoolClient, id: string) => {
    const { rows } = await db.query<Row>(`SELECT ${quotesTable.columns.join(', ')} FROM quotes WHERE id = $1`, [id]);
    return rows[0] && quotesTable.toRecord(rows[0]);
  };

  const createOnce = <T>(
    scope: string,
    idempotency: IdempotencyKey | undefined,
    create: (client: pg.PoolClient, id: string, createdAt: string) => Promise<T>,
    replay: (client: pg.PoolClient, id: string, createdAt: string) => Promise<T>,
  ) =>
    guard(() =>
      inTransaction(pool, 'BEGIN', async (client): Promise<CreateResult<T>> => {
        const id = randomUUID();
        const createdAt = new Date().toISOString();
        if (idempotency) {
          // The primary key serialises requests racing with one key: the later one waits here for
          // the first to commit, inserts nothing, and then reads the first one's row.
          const claimed = await client.query(
            `INSERT INTO idempotency_keys (scope, key, fingerprint, resource_id, created_at)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [scope, idempotency.key, idempotency.fingerprint, id, createdAt],
          );
          if (claimed.rowCount === 0) {
            const { rows } = await client.query<Previous>(
              'SELECT fingerprint, resource_id, created_at FROM idempotency_keys WHERE scope = $1 AND key = $2',
              [scope, idempotency.key],
            );
            const previous = rows[0]!;
            if (previous.fingerprint !== idempotency.fingerprint) return { outcome: 'conflict' };
            return { outcome: 'replayed', record: await replay(client, previous.resource_id, previous.created_at) };
          }
        }
        return { outcome: 'created', record: await create(client, id, createdAt) };
      }),
    );

  // One snapshot for the count and the page, so `total` always matches the rows around it.
  const page = <T>(table: Table<T>, pageNumber: number, limit: number) =>
    guard(() =>
      inTransaction(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
        const count = await client.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table.name}`);
        const { rows } = await client.query<Row>(pageSql(table, '$1', '$2'), [limit, (pageNumber - 1) * limit]);
        return { items: rows.map(table.toRecord), total: count.rows[0]!.total };
      }),
    );

  let closed = false;
  return {
    createContact: (fields, idempotency) =>
      createOnce(
        'contacts',
        idempotency,
        async (client, id, createdAt) => {
          const row = contactRow(id, createdAt, fields);
          await insert(client, contactsTable, row);
          await notify(client, { kind: 'contact', record: contactsTable.toRecord(row) });
          return { id, createdAt };
        },
        async (_client, id, createdAt) => ({ id, createdAt }),
      ),
    listContacts: (pageNumber, limit) => page(contactsTable, pageNumber, limit),
    createQuote: (fields, idempotency) =>
      createOnce(
        'quotes',
        idempotency,
        async (client, id, createdAt) => {
          const row = quoteRow(id, createdAt, fields);
          await insert(client, quotesTable, row);
          const record = quotesTable.toRecord(row);
          await notify(client, { kind: 'quote', record });
          return record;
        },
        async (client, id) => (await findQuote(client, id))!,
      ),
    listQuotes: (pageNumber, limit) => page(quotesTable, pageNumber, limit),
    getQuote: (id) => guard(() => findQuote(pool, id)),
    notifications,
    outbox: outbox.store,
    ping: () => guard(async () => void (await pool.query('SELECT 1'))),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
