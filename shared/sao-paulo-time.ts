// Dates and times as they are in Brazil's official time (America/Sao_Paulo): the pickup date is
// judged there, and sales reads every time there, in the spreadsheet as in the e-mail.
//
// Brazil has had no daylight saving time since 2019, but leads from before it had: the offset is
// asked of the time zone database for each instant, never written down as -03:00.

export const SAO_PAULO = 'America/Sao_Paulo';

const isoParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

const readable = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO, dateStyle: 'short', timeStyle: 'short' });

/** An instant in ISO 8601 with the offset São Paulo had then, to the second: '2026-11-22T09:30:00-03:00'. */
export function isoInSaoPaulo(instant: string | Date) {
  const parts = isoParts.formatToParts(new Date(instant));
  const {
    year,
    month,
    day,
    hour,
    minute,
    second,
    timeZoneName = '',
  } = Object.fromEntries(parts.map(({ type, value }) => [type, value]));
  // 'GMT-03:00'; a zero offset would be a bare 'GMT'.
  const offset = timeZoneName.replace('GMT', '') || '+00:00';
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`;
}

/**
 * An instant as São Paulo's wall clock showed it, to the second and without the offset, as every
 * spreadsheet reads a date and time whatever its locale: '2026-11-22 09:30:00'.
 */
export const spreadsheetTimeInSaoPaulo = (instant: string | Date) =>
  isoInSaoPaulo(instant).slice(0, 19).replace('T', ' ');

/** Today's date in São Paulo, as YYYY-MM-DD. */
export const todayInSaoPaulo = (now = new Date()) => isoInSaoPaulo(now).slice(0, 10);

/** An instant as people in Brazil write it, to the minute: '22/11/2026, 09:30'. */
export const readableInSaoPaulo = (instant: string | Date) => readable.format(new Date(instant));

/** A calendar date (YYYY-MM-DD, no time of day, so no time zone) as people in Brazil write it: '22/11/2026'. */
export const readableDate = (date: string) => date.split('-').reverse().join('/');
