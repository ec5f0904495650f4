import { addBusinessMillis, PROMISE_MS } from './business-hours';
import type { BusinessCalendar } from './holidays';
import { isoInSaoPaulo } from './sao-paulo-time';

// When a lead falls due, in the words a salesperson reads on a phone (docs/requirements.md §9.4): 'hoje, 15h30',
// 'amanhã, 9h00', 'seg., 9h30', on São Paulo's wall clock. The visitor's receipt says the same in
// full words: 'segunda, 9h30'.

const DAY_MS = 86_400_000;

/** When a lead that arrived at `arrivedAt` must be answered by: 2 business hours later (§9.4). */
export const dueAt = (arrivedAt: Date, calendar: BusinessCalendar) =>
  addBusinessMillis(arrivedAt, PROMISE_MS, calendar);

const WEEKDAYS = {
  short: ['dom.', 'seg.', 'ter.', 'qua.', 'qui.', 'sex.', 'sáb.'],
  long: ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'],
} as const;

/** São Paulo's calendar day of an instant, as days since 1970-01-01, and its time of day. */
function wallClock(instant: Date) {
  const iso = isoInSaoPaulo(instant);
  const day = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS;
  return { day, hour: Number(iso.slice(11, 13)), minute: iso.slice(14, 16), date: iso.slice(0, 10) };
}

/**
 * `due` as seen at `now`: its day named from today's ('hoje', 'amanhã', 'ontem'), a weekday within
 * the coming week, else its date; then its time, '9h30'.
 */
export function dueText(due: Date, now: Date, words: keyof typeof WEEKDAYS = 'short') {
  const [when, today] = [wallClock(due), wallClock(now)];
  const ahead = when.day - today.day;
  const day =
    ahead === 0
      ? 'hoje'
      : ahead === 1
        ? 'amanhã'
        : ahead === -1
          ? 'ontem'
          : ahead > 1 && ahead < 7
            ? WEEKDAYS[words][(((when.day + 4) % 7) + 7) % 7]
            : when.date.slice(5).split('-').reverse().join('/');
  return `${day}, ${when.hour}h${when.minute}`;
}
