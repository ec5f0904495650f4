import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar-date';

// Every day of the calendar, and only those (docs/requirements.md §9.6): against the Gregorian rule
// itself, written here apart from the library the check uses.

const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) =>
  month === 2 ? (leap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
const written = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

describe('isCalendarDate', () => {
  it('takes every day of the calendar from 1900 to 2400', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2400-12-31T00:00:00Z'), noInvalidDate: true }),
        (day) => isCalendarDate(day.toISOString().slice(0, 10)),
      ),
    );
  });

  it('takes a year, month and day exactly when the month has that day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) =>
          isCalendarDate(written(year, month, day)) ===
          (month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)),
      ),
      { numRuns: 20_000 },
    );
  });

  it.each([
    '2027-02-29',
    '2027-02-30',
    '2026-04-31',
    '1900-02-29',
    '2027-13-01',
    '2027-2-28',
    '2027-02-28T00:00',
    ' 2027-02-28',
    '',
  ])('refuses %j', (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });

  it.each(['2028-02-29', '2000-02-29', '2027-02-28', '2026-12-31'])('takes %s', (text) => {
    expect(isCalendarDate(text)).toBe(true);
  });
});
