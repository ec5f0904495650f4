import { describe, expect, it } from 'vitest';
import {
  addBusinessMillis,
  businessMillisBetween,
  businessWaitText,
  PROMISE_MS,
  promiseCutoffs,
  promiseState,
  subtractBusinessMillis,
} from './business-hours';
import { contactForm, serviceHours } from './content';
import type { BusinessCalendar } from './holidays';

const CLOSED: BusinessCalendar = { optionalHolidays: 'closed' };
const OPEN: BusinessCalendar = { optionalHolidays: 'open' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => new Date(iso);

// Instants are written with the offset São Paulo had then (-03:00 since 2019, -02:00 in the summers
// before), so that the clock's own reading of the zone is under test. Opening hours: Monday to Friday
// 07:00–18:00, Saturday 08:00–12:00 (shared/opening-hours.ts).
const CASES: [string, string, string, BusinessCalendar][] = [
  ['Friday 17:30 → Saturday 9:30', '2026-11-27T17:30-03:00', '2026-11-28T09:30-03:00', CLOSED],
  ['Saturday 11:00 → Monday 8:00', '2026-11-28T11:00-03:00', '2026-11-30T08:00-03:00', CLOSED],
  ['Sunday 10:00 → Monday 9:00', '2026-11-29T10:00-03:00', '2026-11-30T09:00-03:00', CLOSED],
  ['Monday 6:59, before opening → Monday 9:00', '2026-11-30T06:59-03:00', '2026-11-30T09:00-03:00', CLOSED],
  ['Monday 16:00 → Monday 18:00, at closing', '2026-11-30T16:00-03:00', '2026-11-30T18:00-03:00', CLOSED],
  ['Monday 18:00, at closing → Tuesday 9:00', '2026-11-30T18:00-03:00', '2026-12-01T09:00-03:00', CLOSED],
  ['Tuesday 22:00, at night → Wednesday 9:00', '2026-11-24T22:00-03:00', '2026-11-25T09:00-03:00', CLOSED],
  ['eve of Good Friday, Thursday 17:00 → Saturday 9:00', '2026-04-02T17:00-03:00', '2026-04-04T09:00-03:00', OPEN],
  [
    'Thursday 19/11 17:00, 20 November closed → Saturday 9:00',
    '2026-11-19T17:00-03:00',
    '2026-11-21T09:00-03:00',
    CLOSED,
  ],
  ['20 November (a Friday) 10:00 → Saturday 10:00', '2026-11-20T10:00-03:00', '2026-11-21T10:00-03:00', CLOSED],
  ['20/11/2023, before the law → the same Monday 12:00', '2023-11-20T10:00-03:00', '2023-11-20T12:00-03:00', CLOSED],
  [
    'Carnival, optional points closed: Sat 14/2 11:30 → Wed 18/2 8:30',
    '2026-02-14T11:30-03:00',
    '2026-02-18T08:30-03:00',
    CLOSED,
  ],
  [
    'Carnival, optional points open: Sat 14/2 11:30 → Mon 16/2 8:30',
    '2026-02-14T11:30-03:00',
    '2026-02-16T08:30-03:00',
    OPEN,
  ],
  [
    'Corpus Christi closed: Wednesday 3/6 17:00 → Friday 5/6 8:00',
    '2026-06-03T17:00-03:00',
    '2026-06-05T08:00-03:00',
    CLOSED,
  ],
  [
    'Corpus Christi open: Wednesday 3/6 17:00 → Thursday 4/6 8:00',
    '2026-06-03T17:00-03:00',
    '2026-06-04T08:00-03:00',
    OPEN,
  ],
  ['Tiradentes: Monday 20/4 17:00 → Wednesday 22/4 8:00', '2026-04-20T17:00-03:00', '2026-04-22T08:00-03:00', CLOSED],
  ['Christmas: Thursday 24/12 17:00 → Saturday 26/12 9:00', '2026-12-24T17:00-03:00', '2026-12-26T09:00-03:00', CLOSED],
  ['New Year: Thursday 31/12 17:00 → Saturday 2/1 9:00', '2026-12-31T17:00-03:00', '2027-01-02T09:00-03:00', CLOSED],
  // Daylight saving time began at midnight on Sunday 4 November 2018: Monday opened an hour earlier in UTC.
  ['Saturday 3/11/2018 11:00 → Monday 8:00 in summer time', '2018-11-03T11:00-03:00', '2018-11-05T08:00-02:00', CLOSED],
];

describe('the promise of 2 business hours', () => {
  it('is the promise the page makes', () => {
    expect(PROMISE_MS).toBe(2 * HOUR);
    expect(serviceHours.response).toBe('Resposta em até 2 horas úteis');
    expect(contactForm.successDescription).toBe('Nossa equipe entrará em contato em até 2 horas úteis.');
  });

  it.each(CASES)('falls due: %s', (_case, arrival, due, calendar) => {
    expect(addBusinessMillis(at(arrival), PROMISE_MS, calendar)).toEqual(at(due));
    // Due is the first instant the lead has waited the whole promise.
    expect(businessMillisBetween(at(arrival), at(due), calendar)).toBe(PROMISE_MS);
    expect(businessMillisBetween(at(arrival), new Date(at(due).getTime() - 1), calendar)).toBe(PROMISE_MS - 1);
    expect(promiseState(at(arrival), at(due), calendar)).toBe('overdue');
    // At its due time the lead is within the cutoff that counts it as overdue.
    expect(subtractBusinessMillis(at(due), PROMISE_MS, calendar).getTime()).toBeGreaterThanOrEqual(
      at(arrival).getTime(),
    );
  });
});

describe('businessMillisBetween', () => {
  it('counts nothing backwards, nothing overnight and nothing on Sunday', () => {
    expect(businessMillisBetween(at('2026-11-30T12:00-03:00'), at('2026-11-30T10:00-03:00'), CLOSED)).toBe(0);
    expect(businessMillisBetween(at('2026-11-24T18:00-03:00'), at('2026-11-25T07:00-03:00'), CLOSED)).toBe(0);
    expect(businessMillisBetween(at('2026-11-28T12:00-03:00'), at('2026-11-30T07:00-03:00'), CLOSED)).toBe(0);
  });

  it('counts a whole week as 59 hours: five days of 11 and a Saturday of 4', () => {
    expect(businessMillisBetween(at('2026-11-22T00:00-03:00'), at('2026-11-29T00:00-03:00'), OPEN)).toBe(59 * HOUR);
    // The week of 20 November loses that Friday's 11 hours.
    expect(businessMillisBetween(at('2026-11-15T00:00-03:00'), at('2026-11-22T00:00-03:00'), CLOSED)).toBe(48 * HOUR);
  });
});

describe('subtractBusinessMillis', () => {
  it.each([
    ['on Monday at 7:30, Saturday 10:30', '2026-11-30T07:30-03:00', 2 * HOUR, '2026-11-28T10:30-03:00'],
    ['on Monday at 9:00, Monday 7:00', '2026-11-30T09:00-03:00', 2 * HOUR, '2026-11-30T07:00-03:00'],
    ['on Sunday, Saturday 10:00', '2026-11-29T15:00-03:00', 2 * HOUR, '2026-11-28T10:00-03:00'],
    ['after Carnival, the Saturday before', '2026-02-18T07:30-03:00', 2 * HOUR, '2026-02-14T10:30-03:00'],
  ])('gives the latest arrival that has waited: %s', (_case, now, ms, cutoff) => {
    expect(subtractBusinessMillis(at(now), ms, CLOSED)).toEqual(at(cutoff));
  });
});

describe('promiseState', () => {
  const arrival = at('2026-11-30T10:00-03:00');

  it.each([
    ['2026-11-30T11:29:59.999-03:00', 'within'],
    ['2026-11-30T11:30-03:00', 'at_risk'],
    ['2026-11-30T11:59:59.999-03:00', 'at_risk'],
    ['2026-11-30T12:00-03:00', 'overdue'],
  ])('at %s is %s', (now, state) => {
    expect(promiseState(arrival, at(now), CLOSED)).toBe(state);
  });

  it('holds still overnight: at risk from Friday evening until Saturday 8:30', () => {
    const friday = at('2026-11-27T16:30-03:00');
    expect(promiseState(friday, at('2026-11-27T23:00-03:00'), CLOSED)).toBe('at_risk');
    expect(promiseState(friday, at('2026-11-28T08:29-03:00'), CLOSED)).toBe('at_risk');
    expect(promiseState(friday, at('2026-11-28T08:30-03:00'), CLOSED)).toBe('overdue');
  });

  it('agrees with the cutoffs the queries count with, for arrivals every 10 minutes of a week', () => {
    // 1 ms after a multiple of 10 minutes: some arrivals fall exactly on a cutoff's instant.
    const now = at('2026-11-30T09:15:00.001-03:00');
    const { overdue, atRisk } = promiseCutoffs(now, CLOSED);
    for (let arrival = now.getTime() - 7 * 24 * HOUR; arrival <= now.getTime(); arrival += 10 * MINUTE) {
      const byCutoff = arrival < overdue.getTime() ? 'overdue' : arrival < atRisk.getTime() ? 'at_risk' : 'within';
      expect(byCutoff, new Date(arrival).toISOString()).toBe(promiseState(new Date(arrival), now, CLOSED));
    }
  });
});

describe('businessWaitText', () => {
  it.each([
    [59_999, '0 min úteis'],
    [45 * MINUTE, '45 min úteis'],
    [80 * MINUTE, '1h20 úteis'],
    [2 * HOUR, '2h úteis'],
    [3 * HOUR + 5 * MINUTE, '3h05 úteis'],
    [26 * HOUR, '26h úteis'],
  ])('writes %i ms as %s', (ms, text) => {
    expect(businessWaitText(ms)).toBe(text);
  });
});
