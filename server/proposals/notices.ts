import type { LeadResource } from '../leads/resource';
import { message } from '../module/messages';

/**
 * A message about a proposal (docs/requirements.md §9.6), by e-mail alone: to the quote's customer
 * (the proposal's link, which the row holds only until it is sent), or to the quote's owner (its
 * answer); to LEADS_TO, the sales mailbox, when `to` is absent (a quote nobody owns). Its row names
 * the quote (lead_id), so that an erasure and the retention take it with the quote. `replyTo`: the
 * member who wrote the proposal, so that the customer's answer by e-mail reaches them.
 */
export type ProposalMail = { to?: string; replyTo?: string; subject: string; text: string };

/**
 * A proposal the customer accepted, on the webhook alone: the quote as it now stands (won), as GET
 * /api/quotes/{id} and the updated webhook show it, and the proposal accepted.
 */
export type QuoteAccepted = {
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

export const PROPOSAL_MESSAGES = {
  'proposal.mail': message<ProposalMail>({
    email: ({ to, replyTo, subject, text }) => ({ ...(to && { to }), ...(replyTo && { replyTo }), subject, text }),
  }),
  'quote.accepted': message<QuoteAccepted>({
    webhook: ({ acceptedAt, quote, proposal }) => ({
      type: 'quote.accepted',
      timestamp: acceptedAt,
      data: { quote, proposal },
    }),
  }),
};
