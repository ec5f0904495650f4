import type { Queries } from '../db/database';
import { type OutboxWriter, receiptSentWithinADay } from '../module/messages';
import type { LeadReceipt } from './receipt-message';
import type { Lead } from './resource';

/** Writes a lead's outbox rows in the transaction that stores it, or releases it from the Suspeitos folder. */
export type Enqueue = (tx: Queries, lead: Lead) => Promise<void>;

/**
 * What a lead is stored with (docs/requirements.md §10.10): its deliveries to the team, each channel
 * once whatever releases it again, then the visitor's receipt.
 */
export function leadDeliveries(outbox: OutboxWriter) {
  /** The lead's own rows: to sales and the CRM, none to a channel it already reached. */
  const deliver: Enqueue = async (tx, { kind, record }) =>
    void (await outbox.enqueue(tx, { kind, record, leadId: record.id, at: record.createdAt, once: true }));

  /**
   * After a new lead's own rows: the visitor's receipt, when its channel is on (with e-mail), and at
   * most one a day per address: none if any lead stored under the address (in any letter case) got
   * one in the 24 hours before this one arrived. A held post never gets here (it is no lead), nor does
   * one released from the Suspeitos folder, which went through `deliver` alone.
   */
  const receipt: Enqueue = async (tx, { kind, record }) => {
    if (!outbox.carries('lead.receipt')) return;
    const { id, email, createdAt } = record;
    const sameAddress = {
      sql: 'SELECT id FROM contacts WHERE lower(email) = lower(?) UNION ALL SELECT id FROM quotes WHERE lower(email) = lower(?)',
      params: [email, email],
    };
    if (await receiptSentWithinADay(tx, { kind: 'lead.receipt', at: createdAt, sameAddress })) return;
    await outbox.enqueue(tx, {
      kind: 'lead.receipt',
      record: { to: email, leadKind: kind, arrivedAt: createdAt } satisfies LeadReceipt,
      leadId: id,
      at: createdAt,
    });
  };

  const arrive: Enqueue = async (tx, lead) => {
    await deliver(tx, lead);
    await receipt(tx, lead);
  };
  return { deliver, arrive };
}
