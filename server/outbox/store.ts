import type { Channel } from '../module/messages';

/**
 * The channels the configuration turns on (docs/requirements.md §10.10, §10.15): the one place that
 * decides it. The outbox writes a row on each of a message's channels that is on
 * (server/composition/repository.ts), and notifications start a dispatcher for each. The receipt
 * goes with e-mail: it is sent through the same mail server.
 */
export function configuredChannels({ mail, webhook }: { mail?: unknown; webhook?: unknown }): Channel[] {
  const on: Channel[] = [];
  if (mail !== undefined) on.push('email');
  if (webhook !== undefined) on.push('webhook');
  if (mail !== undefined) on.push('receipt');
  return on;
}

/**
 * One delivery to make, as the dispatcher claimed it: a message of some module's kind, with the
 * record its template renders (server/module/messages.ts).
 */
export type Notification = {
  kind: string;
  record: unknown;
  /** The outbox row's id: the same on every attempt and every replica (the webhook-id). */
  id: string;
  /** Claims so far, this one included. */
  attempts: number;
  createdAt: string;
};

/**
 * One claim of a notification. Every claim counts one more attempt, so `attempts` tells this claim
 * from a later one that another replica took after this one's lease expired; `kind` tells an
 * erasure's notice, whose address must leave the files once it is cleared.
 */
type Claim = Pick<Notification, 'id' | 'attempts' | 'kind'>;

/**
 * One channel of the durable outbox: rows written in the same transaction as the lead, sent later.
 * Claims are leases: a replica that dies mid-send lets its claim expire and another retries.
 * The updates below do nothing once the notification has been claimed again, so a replica
 * that outlived its lease cannot undo the newer claim or its outcome.
 */
export interface OutboxStore {
  /** Claims this channel's oldest due notification for `leaseMs`; undefined when none is due. */
  claim(leaseMs: number): Promise<Notification | undefined>;
  /** Marks it sent and drops the copy of the lead it held. */
  markSent(claim: Claim): Promise<void>;
  /** Releases the claim and makes the notification due again after `delayMs`. */
  retryLater(claim: Claim, delayMs: number, error: string): Promise<void>;
  /** Gives up: the row is kept, marked failed, without the copy of the lead, and never claimed again. */
  markFailed(claim: Claim, error: string): Promise<void>;
}

/** Per channel: deliveries waiting (due or backing off), and deliveries given up that the database still holds. */
export type OutboxCounts = Record<Channel, { pending: number; failed: number }>;

/** One delivery about a lead, as the lead's page shows what became of its e-mail and webhook. */
export type LeadDelivery = {
  channel: Channel;
  kind: Notification['kind'];
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError?: string;
  createdAt: string;
  sentAt?: string;
};

/** The whole outbox: one store per channel, and what waits or failed in each. */
export interface Outbox {
  channel(channel: Channel): OutboxStore;
  counts(): Promise<OutboxCounts>;
  /** Every delivery about lead `id`, oldest first. */
  ofLead(id: string): Promise<LeadDelivery[]>;
}
