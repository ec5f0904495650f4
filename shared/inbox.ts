import type { PromiseState } from './business-hours';
import type { QuoteFreight } from './freight';
import type { Source } from './lead';
import type { LeadKind, LeadStatus } from './lead-status';
import type { Quote } from './quote';

// What the inbox's pages show of the leads (docs/requirements.md §6.4): the server reads
// them (server/inbox/sql-store.ts), the views render them (client/inbox/).

/** Which leads a view of the inbox shows; every part is optional and they all hold together. */
export type LeadQuery = {
  /** Words the lead's name, e-mail, phone, company or message holds, in any accents and case. */
  words?: readonly string[];
  status?: LeadStatus;
  kind?: LeadKind;
  /** A member's id; null for the leads nobody has taken. */
  owner?: string | null;
  /** The visit's utm_source. */
  source?: string;
  /** The visit's utm_campaign. */
  campaign?: string;
  /** Arrived at or after this instant (ISO 8601). */
  since?: string;
  /** Arrived before this instant (ISO 8601). */
  until?: string;
  /** The promise's clock started (arrival, or release from Suspeitos) at or after this instant. */
  startedSince?: string;
  /** The promise's clock started before this instant. */
  startedBefore?: string;
};

/** Where a list continues: the last row shown, newest first by arrival then id. */
export type InboxCursor = { createdAt: string; id: string };

/** One line of the inbox. */
export type InboxRow = {
  kind: LeadKind;
  id: string;
  createdAt: string;
  name: string;
  email: string;
  phone?: string;
  company?: string;
  status: LeadStatus;
  owner?: { id: string; name: string };
  /** Whose it was until their access was revoked, which handed it over (docs/requirements.md §6.3). */
  formerOwner?: { id: string; name: string };
  /** When it first left 'new': the promise's clock stopped there. */
  respondedAt?: string;
  /** When a member released it from the Suspeitos folder: the promise's clock started there. */
  releasedAt?: string;
  source?: Source;
  /** What was asked: a contact's message, a quote's route. */
  summary: string;
  /** A quote's places, cargo type and vehicle: what its distance and ANTT floor are read at. */
  trip?: Pick<Quote, 'origin' | 'destination' | 'cargoType' | 'vehicle'>;
};

/** Where the team's work on one lead stands, beside the lead as it arrived. */
export type LeadWork = {
  status: LeadStatus;
  lostReason?: string;
  owner?: { id: string; name: string; email?: string };
  respondedAt?: string;
  /** Every change adds one: a change made against an older version is refused (a concurrent edit). */
  version: number;
  updatedAt?: string;
  /** When a member released it from the Suspeitos folder: the promise's clock started there. */
  releasedAt?: string;
};

/**
 * A lead as the inbox lists it: its wait in business time (from arrival, or its release from the
 * Suspeitos folder, until it first left Novo, or until now), and where a lead still waiting stands
 * against the promise and when it falls due, in words ('hoje, 15h30': shared/due-time.ts).
 */
export type ListedLead = InboxRow & {
  waitedMs: number;
  promise?: PromiseState;
  due?: string;
  /** A quote's distance and ANTT floor (docs/requirements.md §9.5). */
  freight?: QuoteFreight;
};

export type LeadNote = { id: string; author: { id: string; name: string }; body: string; createdAt: string };

// A view of the inbox is its URL (server/inbox/query.ts reads it): its parameters, named as the team
// reads them, shared with the form that writes them (client/inbox/InboxFilter.tsx).

/** The parameters, by what they set. */
export const PARAMS = {
  words: 'q',
  promise: 'visao',
  status: 'situacao',
  kind: 'tipo',
  owner: 'responsavel',
  source: 'origem',
  campaign: 'campanha',
  from: 'de',
  to: 'ate',
  cursor: 'apos',
} as const;

/** The owner parameter's value for the leads nobody has taken. */
export const NOBODY = 'ninguem';

/** A view as the form fills it in: each parameter's text, '' when not given. */
export type ViewParams = Record<Exclude<keyof typeof PARAMS, 'cursor'>, string>;

/**
 * The clock's views of the new leads (docs/requirements.md §6.4): past their 2-business-hour promise, and
 * with 30 business minutes or less of it left (shared/business-hours.ts).
 */
export const PROMISE_VIEWS = { atrasados: 'Atrasados', 'vencem-em-breve': 'Vencem em breve' } as const;
export type PromiseView = keyof typeof PROMISE_VIEWS;
