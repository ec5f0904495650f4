import { SAO_PAULO } from './sao-paulo-time';

// The company's opening hours (docs/requirements.md §9.2), defined once: the text the header, the
// contact section and the footer show, the JSON-LD search engines read (client/structured-data.ts),
// and the window of the SiteNoLeads alert (deploy/prometheus/alerts.yml, checked against this by
// server/monitoring/no-leads-window.test.ts). The lead inbox's clock of "2 horas úteis" counts these.

/** The days of the week as schema.org names them, Monday first. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
type Weekday = (typeof WEEKDAYS)[number];

/** Days open at the same times, from `opens` to `closes` (HH:MM on São Paulo's wall clock). */
export type OpeningHours = { days: readonly Weekday[]; opens: string; closes: string };

/** The time zone of `openingHours`. */
export const OPENING_HOURS_ZONE = SAO_PAULO;

export const openingHours: readonly OpeningHours[] = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
  { days: ['Saturday'], opens: '08:00', closes: '12:00' },
];

const DAY_NAMES: Record<Weekday, string> = {
  Monday: 'Seg',
  Tuesday: 'Ter',
  Wednesday: 'Qua',
  Thursday: 'Qui',
  Friday: 'Sex',
  Saturday: 'Sáb',
  Sunday: 'Dom',
};

/** '07:00' as '7h', '08:30' as '8h30'. */
const hourText = (time: string) => {
  const [hours = '', minutes = ''] = time.split(':');
  return `${Number(hours)}h${minutes === '00' ? '' : minutes}`;
};

/** 'Seg–Sex 7h–18h · Sáb 8h–12h': a run of days by its first and last. */
export const openingHoursText = (hours = openingHours) =>
  hours
    .map(({ days, opens, closes }) => {
      const first = DAY_NAMES[days[0]!];
      const span = days.length > 1 ? `${first}–${DAY_NAMES[days.at(-1)!]}` : first;
      return `${span} ${hourText(opens)}–${hourText(closes)}`;
    })
    .join(' · ');

/** The hours as schema.org's OpeningHoursSpecification (times are local to the business). */
export const openingHoursSpecification = (hours = openingHours) =>
  hours.map(({ days, opens, closes }) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: days.length === 1 ? days[0] : days,
    opens,
    closes,
  }));
