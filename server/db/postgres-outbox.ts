import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { guard } from './postgres-pool';
import { CLEARED_PAYLOAD, errorText, OUTBOX_COLUMNS, toNotification, type Lead, type OutboxStore } from './outbox';
import type { Row } from './rows';

/** Only the row as this claim left it (see Claim). */
const CLAIMED = 'WHERE id = $1 AND attempts = $2';

/** The outbox on PostgreSQL; the database's clock decides what is due, the same for every replica. */
export function postgresOutbox(pool: pg.Pool) {
  const enqueue = async (client: pg.PoolClient, lead: Lead) => {
    await client.query(
      `INSERT INTO outbox (id, kind, payload, status, attempts, next_attempt_at, created_at) VALUES ($1, $2, $3, 'pending', 0, $4, $4)`,
      [randomUUID(), lead.kind, JSON.stringify(lead.record), lead.record.createdAt],
    );
  };

  const update = (sql: string, values: unknown[]) => guard(async () => void (await pool.query(sql, values)));

  const store: OutboxStore = {
    // SKIP LOCKED: replicas claiming at once each take a different row instead of queueing on one.
    // https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE
    claim: (leaseMs) =>
      guard(async () => {
        const { rows } = await pool.query<Row>(
          `UPDATE outbox SET claimed_until = now() + $1 * interval '1 millisecond', attempts = attempts + 1
           WHERE id = (SELECT id FROM outbox
                       WHERE status = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until <= now())
                       ORDER BY seq LIMIT 1
                       FOR UPDATE SKIP LOCKED)
           RETURNING ${OUTBOX_COLUMNS}`,
          [leaseMs],
        );
        return rows[0] && toNotification(rows[0]);
      }),
    markSent: ({ id, attempts }) =>
      update(`UPDATE outbox SET status = 'sent', sent_at = now(), claimed_until = NULL, payload = '${CLEARED_PAYLOAD}' ${CLAIMED}`, [id, attempts]),
    retryLater: ({ id, attempts }, delayMs, error) =>
      update(`UPDATE outbox SET next_attempt_at = now() + $3 * interval '1 millisecond', last_error = $4, claimed_until = NULL ${CLAIMED}`, [
        id,
        attempts,
        delayMs,
        errorText(error),
      ]),
    markFailed: ({ id, attempts }, error) =>
      update(`UPDATE outbox SET status = 'failed', last_error = $3, claimed_until = NULL, payload = '${CLEARED_PAYLOAD}' ${CLAIMED}`, [
        id,
        attempts,
        errorText(error),
      ]),
    pending: () =>
      guard(async () => {
        const { rows } = await pool.query<{ pending: number }>(`SELECT count(*)::int AS pending FROM outbox WHERE status = 'pending'`);
        return rows[0]!.pending;
      }),
  };
  return { enqueue, store };
}
