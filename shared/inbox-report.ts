// What the weekly report shows (docs/requirements.md §6.4): server/inbox/report.ts
// computes it, client/inbox/ReportPage.tsx renders it.

/** A week, Monday to Sunday in São Paulo, and the instants that bound it: [since, until). */
export type Week = { monday: string; sunday: string; since: string; until: string; previous: string; next: string };

/** One source and campaign's leads of the week, as report-store.ts counts them. */
export type SourceCount = { source?: string; campaign?: string; leads: number; won: number; lost: number };
/**
 * One lead of the week: when its promise's clock started (its arrival, or its release from the
 * Suspeitos folder) and when it first left 'new', if it has.
 */
export type Arrival = { startedAt: string; respondedAt?: string };

export type WeekReport = {
  week: Week;
  leads: number;
  /** By source and campaign, most leads first. */
  bySourceCampaign: SourceCount[];
  /** By source alone, most leads first. */
  bySource: SourceCount[];
  /** Business milliseconds; undefined for a week without leads. */
  median?: number;
  p90?: number;
  /** Leads answered within the promise, of the `decided` ones: answered, or unanswered past their due time. */
  withinPromise: number;
  decided: number;
  /** Unanswered leads not yet due: they may still be answered in time, and are left out of the share. */
  pending: number;
  /** Leads still unanswered, due or not (counted in the times with their wait so far). */
  unanswered: number;
  proposals: ProposalFigures;
};

/**
 * One proposal sent in the week (docs/requirements.md §9.6): when its quote's clock started, when it went, how it
 * stands.
 */
export type SentProposal = {
  quoteStartedAt: string;
  sentAt: string;
  /** Whether it was its quote's first: the time from quote to proposal is the first's. */
  first: boolean;
  answer?: 'accepted' | 'refused';
  validUntil: string;
};

/** A proposal accepted in the week, with what its value is grouped by. */
export type WonProposal = { lane: string; segment?: string; priceCents: number };

/** A group of the value won: a lane or a segment, how many quotes and how many centavos. */
export type WonValue = { name: string; quotes: number; cents: number };

/** The week's proposals, as the report shows them. */
export type ProposalFigures = {
  sent: number;
  /** Business milliseconds from each quote to its first proposal; undefined for a week without one. */
  medianToProposal?: number;
  accepted: number;
  /** The week's proposals whose outcome is known: answered, or expired without an answer. */
  decided: number;
  wonCents: number;
  /** The value accepted in the week, by lane and by segment, most first. */
  byLane: WonValue[];
  bySegment: WonValue[];
};
