import { businessMillisBetween, PROMISE_MS } from '../../shared/business-hours';
import { isCalendarDate } from '../../shared/calendar-date';
import type { BusinessCalendar } from '../../shared/holidays';
import type {
  Arrival,
  ProposalFigures,
  SentProposal,
  SourceCount,
  Week,
  WeekReport,
  WonProposal,
  WonValue,
} from '../../shared/inbox-report';
import { SEGMENT_LABELS } from '../../shared/quote-choices';
import { startOfDayInSaoPaulo } from './query';

// The weekly report's arithmetic (docs/requirements.md §6.4): which week,
// and what its leads' counts and response times come to. The SQL is in report-store.ts; this file
// has no I/O, so that its cases are a table (report.test.ts).

const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const addDays = (date: string, days: number) => {
  const day = noon(date);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
/** The Monday of `date`'s week (a calendar date: no zone, weekdays are the calendar's). */
const mondayOf = (date: string) => addDays(date, -((noon(date).getUTCDay() + 6) % 7));

/** The week `monday` begins. */
export function weekFrom(monday: string): Week {
  const next = addDays(monday, 7);
  return {
    monday,
    sunday: addDays(monday, 6),
    since: startOfDayInSaoPaulo(monday).toISOString(),
    until: startOfDayInSaoPaulo(next).toISOString(),
    previous: addDays(monday, -7),
    next,
  };
}

/**
 * The week a `semana=AAAA-MM-DD` parameter names (the one that holds that day), or by default the
 * week of `today` (São Paulo's date) so far: the figures a member opens the page to see (docs/requirements.md §6.4).
 */
export function weekOf(param: string, today: string): { week: Week; problem?: string } {
  const current = weekFrom(mondayOf(today));
  if (!param) return { week: current };
  if (!isCalendarDate(param)) return { week: current, problem: 'Semana inválida: use o calendário, ou AAAA-MM-DD.' };
  return { week: weekFrom(mondayOf(param)) };
}

/** The p-th percentile (0 < p ≤ 1) by nearest rank: always one of the values, as a person can check. */
export function percentile(sorted: readonly number[], p: number) {
  return sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] : undefined;
}

/** Text order, the missing value (no UTM, no campaign) last. */
const named = (a?: string, b?: string) =>
  a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : a.localeCompare(b, 'pt-BR');
const byLeads = (a: SourceCount, b: SourceCount) =>
  b.leads - a.leads || named(a.source, b.source) || named(a.campaign, b.campaign);

/**
 * The week's figures. A lead not yet answered counts with its wait until `now`: leaving it out would
 * flatter the figures by the very leads the promise is about (docs/decisions/035-inbox-export-and-report.md).
 */
export function weekReport(
  week: Week,
  counts: readonly SourceCount[],
  arrivals: readonly Arrival[],
  now: Date,
  calendar: BusinessCalendar,
  proposals: ProposalFigures,
) {
  /** Business time from the clock's start (arrival, or release from Suspeitos) to the first answer, or to now. */
  const responseMillis = (from: Date, to: Date) => businessMillisBetween(from, to, calendar);
  const bySource = new Map<string | undefined, SourceCount>();
  for (const { source, leads, won, lost } of counts) {
    const sum = bySource.get(source) ?? { ...(source !== undefined && { source }), leads: 0, won: 0, lost: 0 };
    bySource.set(source, { ...sum, leads: sum.leads + leads, won: sum.won + won, lost: sum.lost + lost });
  }
  const waits = arrivals
    .map(({ startedAt, respondedAt }) => responseMillis(new Date(startedAt), respondedAt ? new Date(respondedAt) : now))
    .sort((a, b) => a - b);
  const answered = arrivals.filter(({ respondedAt }) => respondedAt);
  // A lead still unanswered and not yet due may yet be answered in time: the share counts only the
  // leads whose outcome is known, answered or past their due time (docs/requirements.md §6.4).
  const pending = arrivals.filter(
    ({ startedAt, respondedAt }) => !respondedAt && responseMillis(new Date(startedAt), now) < PROMISE_MS,
  ).length;
  const report: WeekReport = {
    week,
    leads: counts.reduce((sum, { leads }) => sum + leads, 0),
    bySourceCampaign: [...counts].sort(byLeads),
    bySource: [...bySource.values()].sort(byLeads),
    withinPromise: answered.filter(
      ({ startedAt, respondedAt }) => responseMillis(new Date(startedAt), new Date(respondedAt!)) <= PROMISE_MS,
    ).length,
    decided: arrivals.length - pending,
    pending,
    unanswered: arrivals.length - answered.length,
    proposals,
  };
  const [median, p90] = [percentile(waits, 0.5), percentile(waits, 0.9)];
  return { ...report, ...(median !== undefined && { median }), ...(p90 !== undefined && { p90 }) };
}

/** `won` summed by `nameOf`, most value first. */
function wonBy(won: readonly WonProposal[], nameOf: (proposal: WonProposal) => string): WonValue[] {
  const groups = new Map<string, WonValue>();
  for (const proposal of won) {
    const name = nameOf(proposal);
    const group = groups.get(name) ?? { name, quotes: 0, cents: 0 };
    groups.set(name, { name, quotes: group.quotes + 1, cents: group.cents + proposal.priceCents });
  }
  return [...groups.values()].sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name, 'pt-BR'));
}

/**
 * The week's proposals (docs/requirements.md §9.6): how many went; the median business time from a quote to its
 * first proposal; the share accepted of those whose outcome is known (answered, or expired on São
 * Paulo's `today` without an answer), as the promise's share leaves out what may still turn; and the
 * value accepted in the week by lane and segment.
 */
export function proposalFigures(
  sent: readonly SentProposal[],
  won: readonly WonProposal[],
  now: Date,
  calendar: BusinessCalendar,
  today = now.toISOString().slice(0, 10),
): ProposalFigures {
  const toProposal = sent
    .filter(({ first }) => first)
    .map(({ quoteStartedAt, sentAt }) => businessMillisBetween(new Date(quoteStartedAt), new Date(sentAt), calendar))
    .sort((a, b) => a - b);
  const median = percentile(toProposal, 0.5);
  const segmentName = ({ segment }: WonProposal) =>
    (segment && SEGMENT_LABELS[segment as keyof typeof SEGMENT_LABELS]) || 'Sem segmento';
  return {
    sent: sent.length,
    ...(median !== undefined && { medianToProposal: median }),
    accepted: sent.filter(({ answer }) => answer === 'accepted').length,
    decided: sent.filter(({ answer, validUntil }) => answer !== undefined || validUntil < today).length,
    wonCents: won.reduce((sum, { priceCents }) => sum + priceCents, 0),
    byLane: wonBy(won, ({ lane }) => lane),
    bySegment: wonBy(won, segmentName),
  };
}
