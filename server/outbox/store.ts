import type { LeadKind } from '../../shared/lead-status';
import type { Lead, LeadResource } from '../leads/resource';
import type { CustomerNotice, DriverLinkMail, ShipmentHook } from '../shipments/messages';

/**
 * Where each lead goes: an e-mail to sales, and a signed webhook to a CRM or an automation tool
 * (docs/requirements.md §10.10, §10.15); and the visitor's receipt, by e-mail to them (issue 54 §2).
 * Each has its own row per lead, its own state and its own dispatcher. The receipt is a channel of
 * its own, not a kind on the e-mail's, so that an older replica during a rolling deploy never claims
 * one it cannot send, and its rows are counted apart.
 */
export const CHANNELS = ['email', 'webhook', 'receipt'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The channels the configuration turns on: the one place that decides it. The repository writes a
 * row for each with every lead (server/repository.ts), and notifications start a dispatcher for each.
 * The receipt goes with e-mail: it is sent through the same mail server.
 */
export function configuredChannels({ mail, webhook }: { mail?: unknown; webhook?: unknown }): Channel[] {
  const on: Channel[] = [];
  if (mail !== undefined) on.push('email');
  if (webhook !== undefined) on.push('webhook');
  if (mail !== undefined) on.push('receipt');
  return on;
}

/**
 * A person's leads erased at their request, told to the receiver of the webhooks that had them
 * (LGPD art. 18 §6; docs/requirements.md §10.17): the address the leads were stored under, as the
 * erasure was asked for, and the ids of those the receiver may have been sent.
 */
export type SubjectErased = {
  kind: 'subject.erased';
  record: { email: string; contacts: string[]; quotes: string[]; erasedAt: string };
};

/** What an erasure's notice did: written for the receiver, not needed (it was sent none), or webhooks are off. */
export type CrmNotice = 'notified' | 'not-sent' | 'off';

/**
 * A lead the team worked on (issue 34 §5): its record and its work as they stand after the change,
 * posted to the webhook alone, for a CRM to follow the status, the owner and the notes.
 */
export type LeadUpdated = {
  kind: 'contact.updated' | 'quote.updated';
  record: LeadResource;
};

/**
 * A message to a member of the team (a sign-in code, an invitation), sent by e-mail alone: to that
 * member's own address, not to LEADS_TO (docs/requirements.md §6.3).
 */
export type TeamMessage = {
  kind: 'team.message';
  record: { to: string; subject: string; text: string };
};

/**
 * The visitor's receipt of their lead (issue 54 §2), on the receipt channel, by e-mail: the promise in plain words, and
 * nothing they typed but the address it goes to, so that it cannot relay a spammer's text. Its row
 * names the lead (lead_id), so that an erasure and the retention take it with the lead.
 */
export type LeadReceipt = {
  kind: 'lead.receipt';
  record: { to: string; leadKind: LeadKind; arrivedAt: string };
};

/**
 * A message about a proposal (issue 52 §3), by e-mail alone: to the quote's customer (the
 * proposal's link, which the row holds only until it is sent), or to the quote's owner (its answer);
 * to LEADS_TO, the sales mailbox, when `to` is absent (a quote nobody owns). Its row names the quote
 * (lead_id), so that an erasure and the retention take it with the quote.
 */
export type ProposalMail = {
  kind: 'proposal.mail';
  /** `replyTo`: the member who wrote the proposal, so that the customer's answer by e-mail reaches them. */
  record: { to?: string; replyTo?: string; subject: string; text: string };
};

/**
 * A proposal the customer accepted (issue 52 §3), on the webhook alone: the quote as it now stands
 * (won), as GET /api/quotes/{id} and the updated webhook show it, and the proposal accepted.
 */
export type QuoteAccepted = {
  kind: 'quote.accepted';
  record: {
    acceptedAt: string;
    quote: LeadResource;
    proposal: {
      id: string;
      priceCents: number;
      includes: { toll: boolean; insurance: boolean; icms: boolean; text?: string };
      validUntil: string;
      pickupWindow: { from: string; to: string };
      conditions?: string;
      sentAt: string;
      acceptedBy: string;
    };
  };
};

/** A shipment's message (docs/requirements.md §12.10): the customer's notice and the driver's link by e-mail, the hook by webhook. */
export type ShipmentMessage =
  | { kind: 'shipment.notice'; record: CustomerNotice }
  | { kind: 'shipment.driver_link'; record: DriverLinkMail }
  | { kind: 'shipment.hook'; record: ShipmentHook };

/**
 * One delivery to make, as the dispatcher claimed it: a lead, a message to a member or a receipt to
 * the visitor (e-mail alone), an erasure (the webhook alone), or a proposal's message or acceptance.
 */
export type Notification = (
  | Lead
  | LeadUpdated
  | SubjectErased
  | TeamMessage
  | LeadReceipt
  | ProposalMail
  | QuoteAccepted
  | ShipmentMessage
) & {
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
