import type { PromiseState } from './business-hours';
import type { QuoteFreight } from './freight';
import type { LeadWork } from './inbox';
import type { LeadKind } from './lead-status';
import type { ProposalLine } from './proposal';

// What the lead's page shows (docs/requirements.md §6.4): the server reads it (server/inbox/lead-routes.ts), the
// view renders it (client/inbox/LeadPage.tsx).

/** The lead's page in the workplace: what the e-mails link to (PUBLIC_URL + this). */
export const leadPath = (id: string) => `/painel/leads/${id}`;

/** One line of the page: a label, a value, and where it links to. */
export type ShownLine = { label: string; value: string; href?: string };

/** What the forms show: the lead's values, or what the member sent when it came back refused. */
export type LeadFormValues = { situacao: string; motivo: string; responsavel: string; nota: string; versao: number };

export type LeadView = {
  id: string;
  kind: LeadKind;
  name: string;
  lines: ShownLine[];
  links: { mailto: string; tel?: string; whatsApp?: string };
  work: LeadWork;
  /**
   * The promise's clock (§9.4): while it runs, where the lead stands and when it falls due
   * ('hoje, 15h30'); the wait in business time ('40 min úteis'), so far or until it was answered.
   */
  clock: { waited: string; state?: PromiseState; due?: string };
  /** What became of each e-mail and webhook about the lead. */
  deliveries: ShownLine[];
  notes: { author: string; body: string; at: string }[];
  /** A quote's proposals, newest first (docs/requirements.md §9.6); none for a contact. */
  proposals?: ProposalLine[];
  /** Newest first. */
  history: { at: string; who: string; what: string }[];
  members: { id: string; name: string }[];
  /** A quote's distance and ANTT floor (docs/requirements.md §9.5). */
  freight?: QuoteFreight;
  selfId: string;
  admin: boolean;
};
