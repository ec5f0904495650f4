// Brazil's national holidays, the days the clock of "2 horas úteis" stops (docs/requirements.md §9.4):
// the fixed ones of Lei 662/1949 and its successors, and the ones Easter moves. Carnival Monday and
// Tuesday and Corpus Christi are only optional points (pontos facultativos) in the federal calendar:
// whether the office closes on them is the OPTIONAL_HOLIDAYS setting (docs/decisions/031-business-hours-clock.md).

/** The values of OPTIONAL_HOLIDAYS: whether the optional points close the office. */
export const OPTIONAL_HOLIDAYS = ['closed', 'open'] as const;
export type BusinessCalendar = { optionalHolidays: (typeof OPTIONAL_HOLIDAYS)[number] };
/** OPTIONAL_HOLIDAYS unset: the office closes for them, as most do. */
export const DEFAULT_CALENDAR: BusinessCalendar = { optionalHolidays: 'closed' };

export type Holiday = { date: string; name: string };

const FIXED: readonly { day: string; name: string; since?: number }[] = [
  { day: '01-01', name: 'Confraternização Universal' },
  { day: '04-21', name: 'Tiradentes' },
  { day: '05-01', name: 'Dia do Trabalho' },
  { day: '09-07', name: 'Independência do Brasil' },
  { day: '10-12', name: 'Nossa Senhora Aparecida' },
  { day: '11-02', name: 'Finados' },
  { day: '11-15', name: 'Proclamação da República' },
  // A national holiday since Lei 14.759/2023: older leads were answered on a working day.
  { day: '11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra', since: 2024 },
  { day: '12-25', name: 'Natal' },
];

/** Days from Easter Sunday; `optional` ones close the office only when the calendar says so. */
const MOVEABLE: readonly { fromEaster: number; name: string; optional: boolean }[] = [
  { fromEaster: -48, name: 'Carnaval (segunda-feira)', optional: true },
  { fromEaster: -47, name: 'Carnaval (terça-feira)', optional: true },
  { fromEaster: -2, name: 'Sexta-feira Santa', optional: false },
  { fromEaster: 60, name: 'Corpus Christi', optional: true },
];

const DAY_MS = 86_400_000;

/**
 * Easter Sunday of a Gregorian year, by the anonymous algorithm (Meeus, "Astronomical Algorithms",
 * ch. 8), as days since 1970-01-01.
 */
function easter(year: number) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** A calendar day (days since 1970-01-01, no time zone) as YYYY-MM-DD. */
export const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The holidays of `year` that close the office under `calendar`, in date order, named in Portuguese. */
export function holidaysOf(year: number, calendar: BusinessCalendar): Holiday[] {
  const fixed = FIXED.filter(({ since = 0 }) => year >= since).map(({ day, name }) => ({
    date: `${String(year).padStart(4, '0')}-${day}`,
    name,
  }));
  const moveable = MOVEABLE.filter(({ optional }) => !optional || calendar.optionalHolidays === 'closed').map(
    ({ fromEaster, name }) => ({ date: isoDate(easter(year) + fromEaster), name }),
  );
  return [...fixed, ...moveable].sort((x, y) => x.date.localeCompare(y.date));
}

// The clock asks about every day it walks over: each year's dates are worked out once per setting.
const closedDays = new Map<string, Set<string>>();

/** Whether the office is closed on `date` (YYYY-MM-DD) for a holiday. */
export function isHoliday(date: string, calendar: BusinessCalendar) {
  const year = Number(date.slice(0, 4));
  const key = `${year} ${calendar.optionalHolidays}`;
  let dates = closedDays.get(key);
  if (!dates) {
    dates = new Set(holidaysOf(year, calendar).map((holiday) => holiday.date));
    closedDays.set(key, dates);
  }
  return dates.has(date);
}
