import { describe, expect, it } from 'vitest';
import { type BusinessCalendar, holidaysOf, isHoliday } from './holidays';

const CLOSED: BusinessCalendar = { optionalHolidays: 'closed' };
const OPEN: BusinessCalendar = { optionalHolidays: 'open' };

// The published dates, written out rather than computed, so that an error in the algorithm or in an
// offset from Easter cannot hide behind the same error here. Easter as the Church's tables give it;
// Carnival as the federal calendar of optional points names it (Tuesday 17 Feb 2026, 9 Feb 2027, …).
// Year, Easter Sunday, Carnival Monday and Tuesday, Good Friday, Corpus Christi.
const PUBLISHED: [number, string, string, string, string, string][] = [
  [2025, '2025-04-20', '2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19'],
  [2026, '2026-04-05', '2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04'],
  [2027, '2027-03-28', '2027-02-08', '2027-02-09', '2027-03-26', '2027-05-27'],
  [2028, '2028-04-16', '2028-02-28', '2028-02-29', '2028-04-14', '2028-06-15'],
  [2029, '2029-04-01', '2029-02-12', '2029-02-13', '2029-03-30', '2029-05-31'],
  [2030, '2030-04-21', '2030-03-04', '2030-03-05', '2030-04-19', '2030-06-20'],
  [2031, '2031-04-13', '2031-02-24', '2031-02-25', '2031-04-11', '2031-06-12'],
  [2032, '2032-03-28', '2032-02-09', '2032-02-10', '2032-03-26', '2032-05-27'],
  [2033, '2033-04-17', '2033-02-28', '2033-03-01', '2033-04-15', '2033-06-16'],
  [2034, '2034-04-09', '2034-02-20', '2034-02-21', '2034-04-07', '2034-06-08'],
  [2035, '2035-03-25', '2035-02-05', '2035-02-06', '2035-03-23', '2035-05-24'],
];

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

describe('holidaysOf', () => {
  it('names every national holiday of 2026, in date order, optional points closed by default', () => {
    expect(holidaysOf(2026, CLOSED)).toEqual([
      { date: '2026-01-01', name: 'Confraternização Universal' },
      { date: '2026-02-16', name: 'Carnaval (segunda-feira)' },
      { date: '2026-02-17', name: 'Carnaval (terça-feira)' },
      { date: '2026-04-03', name: 'Sexta-feira Santa' },
      { date: '2026-04-21', name: 'Tiradentes' },
      { date: '2026-05-01', name: 'Dia do Trabalho' },
      { date: '2026-06-04', name: 'Corpus Christi' },
      { date: '2026-09-07', name: 'Independência do Brasil' },
      { date: '2026-10-12', name: 'Nossa Senhora Aparecida' },
      { date: '2026-11-02', name: 'Finados' },
      { date: '2026-11-15', name: 'Proclamação da República' },
      { date: '2026-11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra' },
      { date: '2026-12-25', name: 'Natal' },
    ]);
  });

  it('leaves Carnival and Corpus Christi out when the optional points are open, never Good Friday', () => {
    const dates = holidaysOf(2026, OPEN).map(({ date }) => date);
    expect(dates).toHaveLength(10);
    expect(dates).toContain('2026-04-03');
    for (const date of ['2026-02-16', '2026-02-17', '2026-06-04']) expect(dates).not.toContain(date);
  });

  it('keeps 20 November only from 2024, when Lei 14.759/2023 made it national', () => {
    expect(isHoliday('2023-11-20', CLOSED)).toBe(false);
    expect(isHoliday('2024-11-20', CLOSED)).toBe(true);
  });

  it.each(PUBLISHED)('puts the moveable holidays of %i on their published dates', (year, ...dates) => {
    const [easter, carnivalMonday, carnivalTuesday, goodFriday, corpusChristi] = dates;
    const closed = holidaysOf(year, CLOSED);
    const date = (name: string) => closed.find((holiday) => holiday.name === name)?.date;
    expect(date('Carnaval (segunda-feira)')).toBe(carnivalMonday);
    expect(date('Carnaval (terça-feira)')).toBe(carnivalTuesday);
    expect(date('Sexta-feira Santa')).toBe(goodFriday);
    expect(date('Corpus Christi')).toBe(corpusChristi);
    // The table itself: Easter a Sunday, Carnival a Monday and Tuesday, the others a Friday and a Thursday.
    expect([easter, carnivalMonday, carnivalTuesday, goodFriday, corpusChristi].map(weekday)).toEqual([0, 1, 2, 5, 4]);
    expect(isHoliday(goodFriday, OPEN)).toBe(true);
    for (const optional of [carnivalMonday, carnivalTuesday, corpusChristi]) {
      expect(isHoliday(optional, CLOSED)).toBe(true);
      expect(isHoliday(optional, OPEN)).toBe(false);
    }
  });
});
