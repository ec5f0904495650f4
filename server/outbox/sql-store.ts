import { randomUUID } from 'node:crypto';
import { type Database, inSlices, type Param, type Queries, type Row } from '../db/database';
import type { Lead } from '../leads/resource';
import {
  CHANNELS,
  type Channel,
  type CrmNotice,
  type LeadDelivery,
  type LeadReceipt,
  type LeadUpdated,
  type Notification,
  type Outbox,
  type OutboxCounts,
  type OutboxStore,
  type ProposalMail,
  type QuoteAccepted,
  type SubjectErased,
  type TeamMessage,
} from './store';

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

/** How far apart two receipts to one address are, at least: a day, so a flood of posts sends one. */
const RECEIPT_SPACING_MS = 24 * 3_600_000;

/** Only the row as this claim left it (see Claim). Parameters: id, attempts. */
const CLAIMED = 'WHERE id = ? AND attempts = ?';

/** Both drivers hand back the payload as JSON text (see the PostgreSQL type parsers). */
const toNotification = (row: Row): Notification =>
  ({
    id: String(row.id),
    kind: row.kind,
    record: JSON.parse(String(row.payload)),
    attempts: Number(row.attempts),
    createdAt: String(row.created_at),
  }) as Notification;

/** last_error is for whoever reads the table; a runaway server reply must not bloat it. */
const errorText = (error: string) => error.slice(0, 1000);

/**
 * The outbox on either backend; the dialect's clock decides what is due and when a lease expires.
 * `channels` are those a new lead is written to (the ones configured), each in a row of its own.
 */
export function sqlOutbox(db: Database, channels: readonly Channel[]) {
  const { now, later, skipLocked } = db.dialect;

  /**
   * Writes one row per channel for `lead`, in the transaction that stores it; none to a channel
   * the lead already reached. A contact moved to spam after its e-mail went out keeps that row, and
   * "Não é spam" stores it again: released "stored, mailed and posted exactly once" (issue 35;
   * docs/requirements.md §6.4), it goes only where it had not gone yet, nor is going now.
   */
  const enqueue = async (tx: Queries, lead: Lead) => {
    const { id: leadId, createdAt } = lead.record;
    const payload = JSON.stringify(lead.record);
    // A delivery withdrawn by the move and still in flight (its claim not settled) counts again: its
    // outcome lands as any delivery's, a success sent once, a failure tried again, and no second
    // row sends the lead beside it.
    const resumed = await tx.all(
      `UPDATE outbox SET status = 'pending'
       WHERE lead_id = ? AND kind = ? AND status = '${WITHDRAWN}' AND claimed_until IS NOT NULL RETURNING channel`,
      [leadId, lead.kind],
    );
    const reached = await tx.all(`SELECT channel FROM outbox WHERE lead_id = ? AND kind = ? AND status = 'sent'`, [
      leadId,
      lead.kind,
    ]);
    const delivered = new Set([...resumed, ...reached].map((row) => String(row.channel)));
    for (const channel of channels) {
      // The receipt's row is its own kind, written on arrival alone (receipt, below).
      if (delivered.has(channel) || channel === 'receipt') continue;
      await tx.run(
        `INSERT INTO outbox (id, channel, lead_id, kind, payload, status, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
        [randomUUID(), channel, leadId, lead.kind, payload, createdAt, createdAt],
      );
    }
  };

  /**
   * In an erasure's transaction, before the leads' outbox rows go: tells the webhook's receiver of
   * the erased leads that it may have received, those whose delivery was tried at least once (one
   * in flight, or answered too late, may have arrived). A lead it was never sent is not named, nor
   * is the address to a receiver that was sent none of its leads. Nothing when webhooks are off.
   */
  const noticeErasure = async (
    tx: Queries,
    { contacts, quotes, ...rest }: SubjectErased['record'],
  ): Promise<CrmNotice> => {
    if (!channels.includes('webhook')) return 'off';
    const posted = new Set<string>();
    for (const { ids, placeholders } of inSlices([...contacts, ...quotes])) {
      const rows = await tx.all(
        `SELECT DISTINCT lead_id FROM outbox
         WHERE channel = 'webhook' AND attempts > 0 AND lead_id IN (${placeholders})`,
        ids,
      );
      for (const row of rows) posted.add(String(row.lead_id));
    }
    if (posted.size === 0) return 'not-sent';
    const record = {
      ...rest,
      contacts: contacts.filter(posted.has, posted),
      quotes: quotes.filter(posted.has, posted),
    };
    await tx.run(
      `INSERT INTO outbox (id, channel, lead_id, kind, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, 'webhook', NULL, 'subject.erased', ?, 'pending', 0, ?, ?)`,
      [randomUUID(), JSON.stringify(record), record.erasedAt, record.erasedAt],
    );
    return 'notified';
  };

  /**
   * In a lead's change's transaction: the updated webhook, to the webhook alone (sales changed it
   * themselves, no e-mail tells them). Written with the change, so it is sent once whatever replica
   * made it, and an erasure takes it with the lead's other rows (lead_id). Nothing when webhooks are off.
   */
  const announceUpdate = async (tx: Queries, { kind, record }: LeadUpdated) => {
    if (!channels.includes('webhook')) return;
    const at = record.updatedAt ?? new Date().toISOString();
    await tx.run(
      `INSERT INTO outbox (id, channel, lead_id, kind, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, 'webhook', ?, ?, ?, 'pending', 0, ?, ?)`,
      [randomUUID(), record.id, kind, JSON.stringify(record), at, at],
    );
  };

  /**
   * Queues an e-mail to a member of the team; false, queuing nothing, when e-mail is off. Its row
   * keeps the message (a code, a link) only until it is sent or given up, like a lead's.
   */
  const mailTeam = async (message: TeamMessage['record']) => {
    if (!channels.includes('email')) return false;
    const at = new Date().toISOString();
    await db.run(
      `INSERT INTO outbox (id, channel, lead_id, kind, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, 'email', NULL, 'team.message', ?, 'pending', 0, ?, ?)`,
      [randomUUID(), JSON.stringify(message), at, at],
    );
    return true;
  };

  /**
   * In a new lead's transaction, after its own rows: the visitor's receipt (issue 54 §2), when its
   * channel is on (with e-mail), and at most one a day per address: none if any lead stored under the address (in any
   * letter case) got one in the 24 hours before this one arrived. A held post never gets here (it is
   * no lead), nor does one released from the Suspeitos folder, which went through enqueue alone.
   */
  const receipt = async (tx: Queries, { kind, record }: Lead) => {
    if (!channels.includes('receipt')) return;
    const { id, email, createdAt } = record;
    const since = new Date(Date.parse(createdAt) - RECEIPT_SPACING_MS).toISOString();
    const earlier = await tx.get(
      `SELECT 1 AS found FROM outbox WHERE kind = 'lead.receipt' AND created_at > ? AND lead_id IN (
         SELECT id FROM contacts WHERE lower(email) = lower(?) UNION ALL SELECT id FROM quotes WHERE lower(email) = lower(?)
       ) LIMIT 1`,
      [since, email, email],
    );
    if (earlier) return;
    const payload: LeadReceipt['record'] = { to: email, leadKind: kind, arrivedAt: createdAt };
    await tx.run(
      `INSERT INTO outbox (id, channel, lead_id, kind, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, 'receipt', ?, 'lead.receipt', ?, 'pending', 0, ?, ?)`,
      [randomUUID(), id, JSON.stringify(payload), createdAt, createdAt],
    );
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
  /**
   * In a proposal's transaction (issue 52 §3): its e-mail, or its acceptance's webhook, on the one
   * channel that carries it, naming the quote (lead_id) so that an erasure takes it; false, queuing
   * nothing, when that channel is off.
   */
  const enqueueProposalNotice = async (tx: Queries, quoteId: string, notice: ProposalMail | QuoteAccepted) => {
    const channel: Channel = notice.kind === 'proposal.mail' ? 'email' : 'webhook';
    if (!channels.includes(channel)) return false;
    const at = new Date().toISOString();
    await tx.run(
      `INSERT INTO outbox (id, channel, lead_id, kind, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      [randomUUID(), channel, quoteId, notice.kind, JSON.stringify(notice.record), at, at],
    );
    return true;
  };

  /**
   * In a shipment's command's transaction (docs/requirements.md §12.10): its message on the one channel
   * that carries its kind, naming the shipment (lead_id) so that an erasure and the retention take it;
   * false, queuing nothing, when that channel is off.
   */
  const enqueueShipment = async (
    tx: Queries,
    { kind, record, leadId }: { kind: string; record: unknown; leadId?: string },
  ) => {
    const channel: Channel = kind === 'shipment.hook' ? 'webhook' : 'email';
    if (!channels.includes(channel)) return false;
    const at = new Date().toISOString();
    await tx.run(
      `INSERT INTO outbox (id, channel, lead_id, kind, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      [randomUUID(), channel, leadId ?? null, kind, JSON.stringify(record), at, at],
    );
    return true;
  };

  /** What a new lead is stored with: its deliveries to the team, then the visitor's receipt. */
  const enqueueArrival = async (tx: Queries, lead: Lead) => {
    await enqueue(tx, lead);
    await receipt(tx, lead);
  };

  return {
    enqueue,
    enqueueArrival,
    noticeErasure,
    announceUpdate,
    mailTeam,
    enqueueProposalNotice,
    enqueueShipment,
    outbox,
  };
}
