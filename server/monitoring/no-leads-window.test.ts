import { describe, expect, it } from 'vitest';
import { OPENING_HOURS_ZONE, openingHours, WEEKDAYS } from '../../shared/opening-hours';
import { alertRules } from '../../test/support/promql';

// The SiteNoLeads alert (deploy/prometheus/alerts.yml) watches the opening hours of
// shared/opening-hours.ts. Prometheus reads YAML, not TypeScript, so its window is written there and
// checked here against the one the module implies; a failure shows the window to write.

const DAY = 24 * 60;
const minutes = (time: string) => {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  return hours * 60 + mins;
};

/** The zone's offset from UTC now, in minutes (−180 for São Paulo, which has had no DST since 2019). */
function offsetMinutes(zone: string, at = new Date()) {
  const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value;
  const [, sign = '+', hours = '0', mins = '0'] = /GMT([+-])(\d\d):(\d\d)/.exec(name) ?? [];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(mins));
}

/**
 * The PromQL condition that holds while the `lookback` hours back lie wholly within opening hours:
 * per UTC day (day_of_week(): 0 is Sunday), the hours from opening plus the lookback to closing.
 */
function noLeadsWindow(lookbackHours: number) {
  const offset = offsetMinutes(OPENING_HOURS_ZONE);
  const spans: { day: number; from: number; to: number }[] = [];
  for (const { days, opens, closes } of openingHours)
    for (const day of days) {
      // Minutes from a Sunday 00:00 UTC, as Prometheus counts the week.
      const dayStart = ((WEEKDAYS.indexOf(day) + 1) % 7) * DAY - offset;
      let from = dayStart + minutes(opens) + lookbackHours * 60;
      const to = dayStart + minutes(closes);
      // Split where a UTC day ends.
      while (from < to) {
        const utcDay = Math.floor(from / DAY);
        const end = Math.min(to, (utcDay + 1) * DAY);
        spans.push({ day: ((utcDay % 7) + 7) % 7, from: (from - utcDay * DAY) / 60, to: (end - utcDay * DAY) / 60 });
        from = end;
      }
    }
  if (spans.some(({ from, to }) => !Number.isInteger(from) || !Number.isInteger(to)))
    throw new Error('SiteNoLeads: uma janela que não cai em hora cheia pede minute() no alerta');
  // Runs of days with the same hours, in the order of the week.
  const runs: { first: number; last: number; from: number; to: number }[] = [];
  for (const span of spans.sort((a, b) => a.day - b.day)) {
    const run = runs.at(-1);
    if (run && run.last === span.day - 1 && run.from === span.from && run.to === span.to) run.last = span.day;
    else runs.push({ first: span.day, last: span.day, from: span.from, to: span.to });
  }
  const clause = ({ first, last, from, to }: (typeof runs)[number]) => {
    const days =
      first === last ? `day_of_week() == ${first}` : `day_of_week() >= ${first} and day_of_week() <= ${last}`;
    return `(${days} and hour() >= ${from} and hour() < ${to})`;
  };
  return `(${runs.map(clause).join(' or ')})`;
}

describe("the SiteNoLeads alert's window", () => {
  it('is the opening hours of shared/opening-hours.ts, less the hours it looks back', () => {
    const rule = alertRules().find(({ name }) => name === 'SiteNoLeads')!;
    const lookback = Number(/\[(\d+)h\]/.exec(rule.expr)?.[1]);
    const [, window = ''] = rule.expr.split(/\band on \(\)\s*/);
    expect(window.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim()).toBe(noLeadsWindow(lookback));
  });
});
