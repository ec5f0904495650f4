// The spreadsheet format of the exports (docs/requirements.md §10.16): what Excel in Portuguese opens
// correctly with a double click. It reads a file without a BOM as Windows-1252 and, in a pt-BR
// locale, splits cells on ';' (',' is the decimal separator there).

/** UTF-8's byte order mark, first in the file: how Excel knows the file is UTF-8. */
export const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (OWASP, "CSV Injection"): it starts with =, +, -, @,
 * a tab or a carriage return. A leading apostrophe makes it plain text, at the price of showing it.
 */
const FORMULA = /^[=+\-@\t\r]/;

/** Neutralised, then quoted per RFC 4180: separators, quotes and line breaks stay inside their cell. */
const cell = (value: string) => `"${(FORMULA.test(value) ? `'${value}` : value).replaceAll('"', '""')}"`;

/** One line of the file, cells separated by ';' and ended by CRLF (RFC 4180). */
export const csvLine = (cells: readonly string[]) => `${cells.map(cell).join(';')}\r\n`;

// Brazil has had no daylight saving time since 2019, but rows from before it had: the offset is
// asked of the time zone database for each instant, not written down as -03:00.
const brasilia = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/** ISO 8601 in Brasília's offset, to the second: '2026-11-22T09:30:00-03:00'. */
export function brasiliaTime(iso: string) {
  const parts = brasilia.formatToParts(new Date(iso));
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
