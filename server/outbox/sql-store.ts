import { randomUUID } from 'node:crypto';
import { type Database, inSlices, type Param, type Queries, type Row } from '../db/database';
import { CHANNELS, type Channel, type OutboxWriter } from '../module/messages';
import type { LeadDelivery, Notification, Outbox, OutboxCounts, OutboxStore } from './store';

/**
 * What a sent or given-up row keeps instead of the lead (LGPD data minimisation): the lead itself
 * lives in its own table, and the outbox needs only status, attempts and last_error to diagnose.
 * An empty object, not NULL, because the column is NOT NULL on both backends.
 */
const CLEARED_PAYLOAD = '{}';
/** A settled row: no claim left on it, and no copy of the lead. */
const RELEASED = `claimed_until = NULL, payload = '${CLEARED_PAYLOAD}'`;

/**
 * A delivery in flight when its contact was moved to spam (withdrawDeliveries): its success is
 * recorded as any other, and nothing else of it is done, unless a release resumes it (enqueue).
 */
const WITHDRAWN = 'withdrawn';

/**
 * In the transaction that moves a contact to spam: a delivery not made yet is not made, one made
 * stays on record, and one in flight (claimed, its lease running; `now` is the dialect's clock) is
 * withdrawn, so that its outcome still lands on its row: a success as sent, which a release then
 * does not repeat, and a failure not tried again.
 */
export async function withdrawDeliveries(tx: Queries, now: string, leadId: string) {
  await tx.run(
    `DELETE FROM outbox WHERE lead_id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ${now})`,
    [leadId],
  );
  await tx.run(`UPDATE outbox SET status = '${WITHDRAWN}' WHERE lead_id = ? AND status = 'pending'`, [leadId]);
}

/** Only the row as this claim left it (see Claim). Parameters: id, attempts. */
const CLAIMED = 'WHERE id = ? AND attempts = ?';

/** Both drivers hand back the payload as JSON text (see the PostgreSQL type parsers). */
const toNotification = (row: Row): Notification => ({
  id: String(row.id),
  kind: String(row.kind),
  record: JSON.parse(String(row.payload)),
  attempts: Number(row.attempts),
  createdAt: String(row.created_at),
});

/** last_error is for whoever reads the table; a runaway server reply must not bloat it. */
const errorText = (error: string) => error.slice(0, 1000);

/**
 * Of the records `ids`, those whose delivery on `channel` was tried at least once: sent, or possibly
 * sent (one in flight, or answered too late, may have arrived). What an erasure tells the receivers.
 */
export async function triedOn(tx: Queries, channel: Channel, ids: readonly string[]) {
  const tried = new Set<string>();
  for (const { ids: slice, placeholders } of inSlices([...ids])) {
    const rows = await tx.all(
      `SELECT DISTINCT lead_id FROM outbox
       WHERE channel = ? AND (attempts > 0 OR status = 'sent') AND lead_id IN (${placeholders})`,
      [channel, ...slice],
    );
    for (const row of rows) tried.add(String(row.lead_id));
  }
  return tried;
}

/**
 * The outbox on either backend; the dialect's clock decides what is due and when a lease expires.
 * `channels` are those configured; `channelsOf` says which a kind of message goes to (its templates').
 */
export function sqlOutbox(
  db: Database,
  channels: readonly Channel[],
  channelsOf: (kind: string) => readonly Channel[],
) {
  const { now, later, skipLocked } = db.dialect;

  /**
   * Writes one row per channel of the message's kind that is on, in the caller's transaction. A
   * message `once` goes to no channel the record already reached with this kind: a contact moved to
   * spam after its e-mail went out keeps that row, and "Não é spam" stores it again: released
   * "stored, mailed and posted exactly once" (docs/requirements.md §6.4), it goes only where it had
   * not gone yet, nor is going now.
   */
  const writer: OutboxWriter = {
    async enqueue(tx, { kind, record, leadId, at = new Date().toISOString(), once }) {
      const on = channelsOf(kind).filter((channel) => channels.includes(channel));
      const delivered = new Set<string>();
      if (once && leadId) {
        // A delivery withdrawn by the move and still in flight (its claim not settled) counts again: its
        // outcome lands as any delivery's, a success sent once, a failure tried again, and no second
        // row sends the lead beside it.
        const resumed = await tx.all(
          `UPDATE outbox SET status = 'pending'
           WHERE lead_id = ? AND kind = ? AND status = '${WITHDRAWN}' AND claimed_until IS NOT NULL RETURNING channel`,
          [leadId, kind],
        );
        const reached = await tx.all(`SELECT channel FROM outbox WHERE lead_id = ? AND kind = ? AND status = 'sent'`, [
          leadId,
          kind,
        ]);
        for (const row of [...resumed, ...reached]) delivered.add(String(row.channel));
      }
      const payload = JSON.stringify(record);
      let queued = false;
      for (const channel of on) {
        if (delivered.has(channel)) continue;
        await tx.run(
          `INSERT INTO outbox (id, channel, lead_id, kind, payload, status, attempts, next_attempt_at, created_at)
           VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
          [randomUUID(), channel, leadId ?? null, kind, payload, at, at],
        );
        queued = true;
      }
      return queued;
    },
    carries: (kind) => channelsOf(kind).some((channel) => channels.includes(channel)),
  };

  const update = async (sql: string, params: Param[]) => void (await db.run(sql, params));

  /**
   * Clears a delivered or given-up row's payload. An erasure's notice held the address it names:
   * once cleared, the backend lets go of the row as it was, as after the erasure itself (§10.17).
   */
  const settle = async ({ kind }: Pick<Notification, 'kind'>, sql: string, params: Param[]) => {
    await update(sql, params);
    if (kind === 'subject.erased') await db.all(db.dialect.afterErasure(['outbox']));
  };

  const store = (channel: Channel): OutboxStore => ({
    async claim(leaseMs) {
      const row = await db.get(
        `UPDATE outbox SET claimed_until = ${later}, attempts = attempts + 1
         WHERE id = (SELECT id FROM outbox
                     WHERE channel = ? AND status = 'pending' AND next_attempt_at <= ${now}
                       AND (claimed_until IS NULL OR claimed_until <= ${now})
                     ORDER BY seq LIMIT 1
                     ${skipLocked})
         RETURNING id, kind, payload, attempts, created_at`,
        [leaseMs, channel],
      );
      return row && toNotification(row);
    },
    markSent: (notification) =>
      settle(notification, `UPDATE outbox SET status = 'sent', sent_at = ${now}, ${RELEASED} ${CLAIMED}`, [
        notification.id,
        notification.attempts,
      ]),
    // A row withdrawn while it was claimed (a contact moved to spam) is never claimed again: it
    // settles as it stands, without the lead's copy, and is not a failure to alert on.
    retryLater: ({ id, attempts }, delayMs, error) =>
      update(
        `UPDATE outbox SET next_attempt_at = ${later}, last_error = ?, claimed_until = NULL,
           payload = CASE WHEN status = '${WITHDRAWN}' THEN '${CLEARED_PAYLOAD}' ELSE payload END ${CLAIMED}`,
        [delayMs, errorText(error), id, attempts],
      ),
    markFailed: (notification, error) =>
      settle(
        notification,
        `UPDATE outbox SET status = CASE WHEN status = '${WITHDRAWN}' THEN status ELSE 'failed' END, last_error = ?,
           ${RELEASED} ${CLAIMED}`,
        [errorText(error), notification.id, notification.attempts],
      ),
  });

  const stores = Object.fromEntries(CHANNELS.map((channel) => [channel, store(channel)])) as Record<
    Channel,
    OutboxStore
  >;

  const outbox: Outbox = {
    channel: (channel) => stores[channel],
    async counts() {
      const counts = Object.fromEntries(
        CHANNELS.map((channel) => [channel, { pending: 0, failed: 0 }]),
      ) as OutboxCounts;
      const rows = await db.all(
        "SELECT channel, status, count(*) AS n FROM outbox WHERE status IN ('pending', 'failed') " +
          'GROUP BY channel, status',
      );
      for (const { channel, status, n } of rows) {
        // A channel a newer release added is not this code's to count.
        const entry = counts[channel as Channel];
        if (entry) entry[status as 'pending' | 'failed'] = Number(n);
      }
      return counts;
    },
    async ofLead(id) {
      const rows = await db.all(
        `SELECT channel, kind, status, attempts, last_error, created_at, sent_at FROM outbox
         WHERE lead_id = ? AND status <> '${WITHDRAWN}' ORDER BY seq`,
        [id],
      );
      return rows.map((row) => ({
        channel: row.channel as Channel,
        kind: row.kind as LeadDelivery['kind'],
        status: row.status as LeadDelivery['status'],
        attempts: Number(row.attempts),
        ...(row.last_error != null && { lastError: String(row.last_error) }),
        createdAt: new Date(row.created_at as string).toISOString(),
        ...(row.sent_at != null && { sentAt: new Date(row.sent_at as string).toISOString() }),
      }));
    },
  };
  return { writer, outbox };
}
