import type { Source } from './lead';
import type { LeadKind, LeadStatus } from './lead-status';

// What the inbox's pages show of the leads (issue 34; docs/requirements.md §6.4): the server reads
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
  /** When it first left 'new': the promise's clock stopped there. */
  respondedAt?: string;
  source?: Source;
  /** What was asked: a contact's message, a quote's route. */
  summary: string;
};

/** Where the team's work on one lead stands, beside the lead as it arrived. */
export type LeadWork = {
  status: LeadStatus;
  lostReason?: string;
  owner?: { id: string; name: string };
  respondedAt?: string;
  /** Every change adds one: a change made against an older version is refused (a concurrent edit). */
  version: number;
  updatedAt?: string;
};

export type LeadNote = { id: string; author: { id: string; name: string }; body: string; createdAt: string };
