import type { BusinessCalendar } from '../../shared/holidays';
import type { Param, Queries } from '../db/database';

// The messages a module sends through the outbox (docs/decisions/005-outbox.md; 051-feature-modules.md):
// each kind queued in the transaction of what it tells, on the channels its template names, and
// rendered from its record when a dispatcher sends it, by its one template per channel.

/**
 * Where a message goes: an e-mail (to sales unless the template names someone), a signed webhook to
 * a CRM, and the visitor's receipt, an e-mail sent from a channel of its own so that an older replica
 * during a rolling deploy never claims one it cannot send (docs/requirements.md §10.10, §10.15).
 */
export const CHANNELS = ['email', 'webhook', 'receipt'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * An e-mail as its template makes it: the channel adds the sender, the Message-ID, and LEADS_TO when `to` is absent.
 * @public (the modules' contract: server/module/)
 */
export type Mail = {
  to?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

/**
 * A webhook's event as Standard Webhooks' envelope carries it (docs/decisions/009-standard-webhooks.md).
 * @public (the modules' contract: server/module/)
 */
export type WebhookEvent = { type: string; timestamp: string; data: unknown };

/**
 * What a template reads beside its record: the site's address for links, the holidays, the time it is sent.
 * @public (the modules' contract: server/module/)
 */
export type MessageContext = { publicUrl: URL; calendar: BusinessCalendar; now: Date };

/** A kind of message with record `R`: its template on each channel it goes to, and on no other. */
export type MessageTemplate<R> = {
  email?: (record: R, context: MessageContext) => Mail;
  receipt?: (record: R, context: MessageContext) => Mail;
  webhook?: (record: R) => WebhookEvent;
};

/** A module's kinds of message, by name ('quote.accepted'). */
export type MessageTemplates = Record<string, MessageTemplate<never>>;

/** The kind `R` is the record of: `message<Quote>({ email, webhook })` types both templates with it. */
export const message = <R>(template: MessageTemplate<R>) => template;

/**
 * The record a template is written for.
 * @public (the modules' contract: server/module/)
 */
export type RecordOf<T> = T extends MessageTemplate<infer R> ? R : never;

/** The channels a template goes to. */
export const channelsOf = (template: MessageTemplate<never>) => CHANNELS.filter((channel) => template[channel]);

/**
 * One message to queue, in the caller's transaction.
 * @public (the modules' contract: server/module/)
 */
export type Outgoing<K extends string = string, R = unknown> = {
  kind: K;
  record: R;
  /**
   * The id of what it is about (a lead, a shipment), so that an erasure and the retention find it
   * with it: every copy of personal data names its record or carries its creation time.
   */
  leadId?: string;
  /** When it is due, and the time it counts from: now, unless it is a lead's arrival (its createdAt). */
  at?: string;
  /**
   * Not again to a channel that already delivered this kind for `leadId`, nor beside one still in
   * flight there: a lead released from the Suspeitos folder is delivered once (docs/requirements.md §6.4).
   */
  once?: boolean;
};

/** The outbox, as a module queues a message. */
export interface OutboxWriter {
  /** Queues `message` on each configured channel of its kind; whether it queued any (false: those channels are off). */
  enqueue(tx: Queries, message: Outgoing): Promise<boolean>;
  /** Whether any channel `kind` goes to is on: a message that would reach nobody is not worth asking for. */
  carries(kind: string): boolean;
}

/**
 * A module's outbox over its own kinds `M` (and those it queues of others'): a kind and its record typed together.
 * @public (the modules' contract: server/module/)
 */
export type TypedOutbox<M extends MessageTemplates> = {
  enqueue<K extends keyof M & string>(tx: Queries, message: Outgoing<K, RecordOf<M[K]>>): Promise<boolean>;
  carries(kind: keyof M & string): boolean;
};

/**
 * `writer` typed over the kinds of `messages`: a kind no template declares does not compile.
 * @public (the modules' contract: server/module/)
 */
export const outboxOf = <M extends MessageTemplates>(_messages: M, writer: OutboxWriter): TypedOutbox<M> => writer;

/** How far apart two receipts to one address are, at least: a day, so a flood of posts sends one. */
const RECEIPT_SPACING_MS = 24 * 3_600_000;

/**
 * Whether a receipt of `kind` was queued in the day before `at` for any record stored under the
 * address: `sameAddress` selects their ids, with its parameters (docs/requirements.md §10.10). The
 * outbox keeps its rows until the retention's purge, sent or not, so the rows are the count.
 */
export async function receiptSentWithinADay(
  tx: Queries,
  { kind, at, sameAddress }: { kind: string; at: string; sameAddress: { sql: string; params: Param[] } },
) {
  const since = new Date(Date.parse(at) - RECEIPT_SPACING_MS).toISOString();
  const earlier = await tx.get(
    `SELECT 1 AS found FROM outbox WHERE kind = ? AND created_at > ? AND lead_id IN (${sameAddress.sql}) LIMIT 1`,
    [kind, since, ...sameAddress.params],
  );
  return earlier !== undefined;
}
