import { RESPONSE_PROMISE_HOURS } from './content';
import { type BusinessCalendar, isHoliday, isoDate } from './holidays';
import { openingHours, WEEKDAYS } from './opening-hours';
import { isoInSaoPaulo } from './sao-paulo-time';

// The clock of the promise "em até 2 horas úteis" (docs/requirements.md §9.4): business time is the
// opening hours of shared/opening-hours.ts on São Paulo's wall clock, less the holidays of
// shared/holidays.ts. Pure, so that the server's queries and metrics and the rendered pages agree.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The promise, in milliseconds of business time. */
export const PROMISE_MS = RESPONSE_PROMISE_HOURS * HOUR;
/** A lead is at risk with this much of its promise left, or less. */
const AT_RISK_MS = 30 * MINUTE;

export const PROMISE_STATES = ['within', 'at_risk', 'overdue'] as const;
export type PromiseState = (typeof PROMISE_STATES)[number];

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Each weekday's open spans in minutes after midnight, Monday first, as WEEKDAYS. */
const WEEK = WEEKDAYS.map((weekday) =>
  openingHours
    .filter(({ days }) => days.includes(weekday))
    .map(({ opens, closes }) => [minutesOf(opens), minutesOf(closes)] as const)
    .sort(([a], [b]) => a - b),
);

/** How far São Paulo's wall clock was from UTC at an instant, asked of the time zone database. */
const offsetAt = (instant: number) =>
  // The wall clock is read to the second: the instant's own milliseconds are no part of the offset.
  Date.parse(`${isoInSaoPaulo(new Date(instant)).slice(0, 19)}Z`) - Math.floor(instant / 1000) * 1000;

/** São Paulo's calendar day at an instant, as days since 1970-01-01. */
const dayOf = (instant: number) => Math.floor((instant + offsetAt(instant)) / DAY);

/** The instant São Paulo's wall clock read `minutes` after midnight on `day`. */
function wallClock(day: number, minutes: number) {
  const asUtc = day * DAY + minutes * MINUTE;
  // The offset of the guess may be the other side of a change; the second answer is the day's.
  return asUtc - offsetAt(asUtc - offsetAt(asUtc));
}

// Each day's spans cost four time-zone look-ups and a holiday check; the clock walks every day of
// a lead's wait, and the inbox asks for many leads, so a day is worked out once (decision 031). Bounded:
// a cleared cache only costs the look-ups again.
const spansByDay = new Map<number, readonly (readonly [number, number])[]>();

/** The instants the office is open on `day` (days since 1970-01-01, São Paulo), in order. */
function openSpans(day: number, calendar: BusinessCalendar) {
  const key = day * 2 + (calendar.optionalHolidays === 'closed' ? 1 : 0);
  let spans = spansByDay.get(key);
  if (!spans) {
    if (spansByDay.size > 20_000) spansByDay.clear();
    // 1970-01-01 was a Thursday, WEEKDAYS[3].
    const week = isHoliday(isoDate(day), calendar) ? [] : (WEEK[(((day + 3) % 7) + 7) % 7] ?? []);
    spans = week.map(([opens, closes]) => [wallClock(day, opens), wallClock(day, closes)] as const);
    spansByDay.set(key, spans);
  }
  return spans;
}

/** Business time from `from` to `to`, in milliseconds; 0 when `to` is not after `from`. */
export function businessMillisBetween(from: Date, to: Date, calendar: BusinessCalendar) {
  const [start, end] = [from.getTime(), to.getTime()];
  let total = 0;
  if (end <= start) return total;
  for (let day = dayOf(start), last = dayOf(end); day <= last; day++)
    for (const [opens, closes] of openSpans(day, calendar))
      total += Math.max(0, Math.min(closes, end) - Math.max(opens, start));
  return total;
}

/**
 * The instant `ms` of business time after `from`: when a lead that arrived then falls due. A due time
 * that falls on a closing time is that closing time, not the next opening.
 */
export function addBusinessMillis(from: Date, ms: number, calendar: BusinessCalendar) {
  const start = from.getTime();
  let left = ms;
  if (left <= 0) return from;
  for (let day = dayOf(start); ; day++)
    for (const [opens, closes] of openSpans(day, calendar)) {
      const begin = Math.max(opens, start);
      if (closes <= begin) continue;
      if (left <= closes - begin) return new Date(begin + left);
      left -= closes - begin;
    }
}

/**
 * The latest arrival that has waited `ms` of business time or more by `now`: a lead arrived at or
 * before it has, one arrived after it has not. The inbox's views and the metrics count with it as a
 * cutoff on created_at, one indexed comparison instead of a clock per row.
 */
export function subtractBusinessMillis(now: Date, ms: number, calendar: BusinessCalendar) {
  const end = now.getTime();
  let left = ms;
  if (left <= 0) return now;
  for (let day = dayOf(end); ; day--) {
    const spans = openSpans(day, calendar);
    for (let n = spans.length - 1; n >= 0; n--) {
      const [opens, closes] = spans[n]!;
      const until = Math.min(closes, end);
      if (until <= opens) continue;
      if (left <= until - opens) return new Date(until - left);
      left -= until - opens;
    }
  }
}

/**
 * Where a lead still new stands against the promise at `now`: overdue once its due time has come,
 * at risk with AT_RISK_MS or less of it left.
 */
export function promiseState(arrivedAt: Date, now: Date, calendar: BusinessCalendar): PromiseState {
  const waited = businessMillisBetween(arrivedAt, now, calendar);
  return waited >= PROMISE_MS ? 'overdue' : waited >= PROMISE_MS - AT_RISK_MS ? 'at_risk' : 'within';
}

/** Arrival instants that sort new leads by the promise, each an exclusive bound ("arrived before"). */
export type PromiseCutoffs = { overdue: Date; atRisk: Date };

/**
 * The cutoffs on arrival that sort new leads as promiseState does: arrived before `overdue`, overdue;
 * else before `atRisk`, at risk; else within the promise. Exclusive, as the inbox's `until` is: times
 * are stored to the millisecond, so "at or before the latest arrival" is "before it plus 1 ms".
 */
export const promiseCutoffs = (now: Date, calendar: BusinessCalendar): PromiseCutoffs => ({
  overdue: new Date(subtractBusinessMillis(now, PROMISE_MS, calendar).getTime() + 1),
  atRisk: new Date(subtractBusinessMillis(now, PROMISE_MS - AT_RISK_MS, calendar).getTime() + 1),
});

/** A wait in business time as the inbox shows it, to the minute below: '45 min úteis', '1h20 úteis', '3h úteis'. */
export function businessWaitText(ms: number) {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  if (hours === 0) return `${rest} min úteis`;
  return `${hours}h${rest === 0 ? '' : String(rest).padStart(2, '0')} úteis`;
}
