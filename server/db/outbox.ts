import type { Contact } from '../../shared/contact';
import type { Quote } from '../../shared/quote';

/** What a notification is about: the record exactly as it was stored. */
export type Lead = { kind: 'contact'; record: Contact } | { kind: 'quote'; record: Quote };

/** One e-mail to send, as the dispatcher claimed it. */
export type Notification = Lead & {
  id: string;
  /** Claims so far, this one included. */
  attempts: number;
  createdAt: string;
};

/**
 * One claim of a notification. Every claim counts one more attempt, so `attempts` tells this claim
 * from a later one that another replica took after this one's lease expired.
 */
type Claim = Pick<Notification, 'id' | 'attempts'>;

/**
 * The durable outbox: rows written in the same transaction as the lead, sent later.
 * Claims are leases: a replica that dies mid-send lets its claim expire and another retries.
 * The updates below do nothing once the notification has been claimed again, so a replica
 * that outlived its lease cannot undo the newer claim or its outcome.
 */
export interface OutboxStore {
  /** Claims the oldest due notification for `leaseMs`; undefined when none is due. */
  claim(leaseMs: number): Promise<Notification | undefined>;
  /** Marks it sent and drops the copy of the lead it held. */
  markSent(claim: Claim): Promise<void>;
  /** Releases the claim and makes the notification due again after `delayMs`. */
  retryLater(claim: Claim, delayMs: number, error: string): Promise<void>;
  /** Gives up: the row is kept, marked failed, without the copy of the lead, and never claimed again. */
  markFailed(claim: Claim, error: string): Promise<void>;
  /** How many notifications wait to be sent (due or backing off). */
  pending(): Promise<number>;
}
