import { describe, expect, it } from 'vitest';
import { dueAt, dueText } from './due-time';
import type { BusinessCalendar } from './holidays';

const CLOSED: BusinessCalendar = { optionalHolidays: 'closed' };
const OPEN: BusinessCalendar = { optionalHolidays: 'open' };
const at = (iso: string) => new Date(iso);

// Each lead is read at the moment it arrives: what the list and the receipt say then.
describe('the due time in words, on São Paulo’s clock', () => {
  it.each([
    ['Monday 10:00 → today at noon', '2026-11-30T10:00-03:00', CLOSED, 'hoje, 12h00'],
    ['Friday 17:30 → Saturday morning', '2026-11-27T17:30-03:00', CLOSED, 'amanhã, 9h30'],
    ['Saturday 11:00 → Monday 8:00', '2026-11-28T11:00-03:00', CLOSED, 'seg., 8h00'],
    ['Sunday night → Monday 9:00', '2026-11-29T22:00-03:00', CLOSED, 'amanhã, 9h00'],
    ['Christmas Eve 17:00, Christmas closed → Saturday 9:00', '2026-12-24T17:00-03:00', CLOSED, 'sáb., 9h00'],
    ['Christmas Day → Saturday 10:00', '2026-12-25T10:00-03:00', CLOSED, 'amanhã, 10h00'],
    ['Carnival Saturday, points closed → Ash Wednesday', '2026-02-14T11:30-03:00', CLOSED, 'qua., 8h30'],
    ['Carnival Saturday, points open → Monday', '2026-02-14T11:30-03:00', OPEN, 'seg., 8h30'],
  ])('%s: "%s"', (_case, arrival, calendar, text) => {
    const arrived = at(arrival);
    expect(dueText(dueAt(arrived, calendar), arrived)).toBe(text);
  });

  it('names the weekday in full for the visitor’s receipt', () => {
    const arrived = at('2026-11-28T11:00-03:00');
    expect(dueText(dueAt(arrived, CLOSED), arrived, 'long')).toBe('segunda, 8h00');
  });

  it('says yesterday, then the date, for a due time long past', () => {
    const due = at('2026-11-27T09:30-03:00');
    expect(dueText(due, at('2026-11-28T08:00-03:00'))).toBe('ontem, 9h30');
    expect(dueText(due, at('2026-12-10T08:00-03:00'))).toBe('27/11, 9h30');
  });

  it('counts days on São Paulo’s calendar, not UTC’s: 22:00 there is already tomorrow in UTC', () => {
    expect(dueText(at('2026-11-30T22:30-03:00'), at('2026-11-30T08:00-03:00'))).toBe('hoje, 22h30');
  });
});
