import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { CLEARED_PAYLOAD, errorText, OUTBOX_COLUMNS, toNotification, type Lead, type OutboxStore } from './outbox';

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Only the row as this claim left it (see Claim). */
const CLAIMED = 'WHERE id = ? AND attempts = ?';

/** The outbox on SQLite; times are ISO strings, which compare in order as text. */
export function sqliteOutbox(db: DatabaseSync) {
  const enqueue = (lead: Lead) => {
    const { createdAt } = lead.record;
    db.prepare(
      `INSERT INTO outbox (id, kind, payload, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, 'pending', 0, ?, ?)`,
    ).run(randomUUID(), lead.kind, JSON.stringify(lead.record), createdAt, createdAt);
  };

  const store: OutboxStore = {
    // One UPDATE is atomic in SQLite, and only one writer runs at a time: no two claims can meet.
    async claim(leaseMs) {
      const now = new Date().toISOString();
      const row = db
        .prepare(
          `UPDATE outbox SET claimed_until = ?, attempts = attempts + 1
           WHERE seq = (SELECT seq FROM outbox
                        WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
                        ORDER BY seq LIMIT 1)
           RETURNING ${OUTBOX_COLUMNS}`,
        )
        .get(later(leaseMs), now, now);
      return row && toNotification(row);
    },
    async markSent({ id, attempts }) {
      db.prepare(`UPDATE outbox SET status = 'sent', sent_at = ?, claimed_until = NULL, payload = '${CLEARED_PAYLOAD}' ${CLAIMED}`).run(
        new Date().toISOString(),
        id,
        attempts,
      );
    },
    async retryLater({ id, attempts }, delayMs, error) {
      db.prepare(`UPDATE outbox SET next_attempt_at = ?, last_error = ?, claimed_until = NULL ${CLAIMED}`).run(later(delayMs), errorText(error), id, attempts);
    },
    async markFailed({ id, attempts }, error) {
      db.prepare(`UPDATE outbox SET status = 'failed', last_error = ?, claimed_until = NULL, payload = '${CLEARED_PAYLOAD}' ${CLAIMED}`).run(
        errorText(error),
        id,
        attempts,
      );
    },
    async pending() {
      const { pending } = db.prepare(`SELECT count(*) AS pending FROM outbox WHERE status = 'pending'`).get() as { pending: number };
      return pending;
    },
  };
  return { enqueue, store };
}
