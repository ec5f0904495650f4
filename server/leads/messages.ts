import type { Contact } from '../../shared/contact';
import type { LeadKind } from '../../shared/lead-status';
import type { Quote } from '../../shared/quote';
import { message } from '../module/messages';
import { leadMessage } from './presentation';
import { type LeadReceipt, receiptMessage } from './receipt-message';
import type { Lead, LeadResource } from './resource';

// The messages of a lead (docs/requirements.md §10.10, §10.15): its arrival, e-mailed to sales and
// posted to the webhook; a change the team made, posted to the webhook alone; and the visitor's
// receipt, on its own channel.

type Records = { contact: Contact; quote: Quote };

/** A lead of `kind` as it arrived: e-mailed to sales (LEADS_TO), posted as `<kind>.created`. */
export const arrivalOf = <K extends LeadKind>(kind: K) =>
  message<Records[K]>({
    email: (record, { publicUrl }) => {
      const { replyTo, subject, text, html } = leadMessage({ kind, record } as Lead, publicUrl);
      return { replyTo, subject, text, html };
    },
    webhook: (record) => ({ type: `${kind}.created`, timestamp: record.createdAt, data: record }),
  });

/**
 * A lead the team worked on: its record and its work as they stand after the change, posted to the
 * webhook alone, for a CRM to follow the status, the owner and the notes (docs/requirements.md §6.4).
 */
export const updateOf = (kind: LeadKind) =>
  message<LeadResource>({
    webhook: (record) => ({ type: `${kind}.updated`, timestamp: record.updatedAt ?? record.createdAt, data: record }),
  });

export const LEAD_MESSAGES = {
  'lead.receipt': message<LeadReceipt>({
    // Auto-Submitted: an autoresponder does not answer an automatic message (RFC 3834).
    receipt: (record, { calendar, now }) => ({
      to: record.to,
      ...receiptMessage(record, calendar, now),
      headers: { 'Auto-Submitted': 'auto-generated' },
    }),
  }),
};
