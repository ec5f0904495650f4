import { PLAIN_PHONE } from '../../shared/fields';

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

/**
 * A plain phone number is made of digits, spaces and + ( ) - . alone: no function, reference or
 * link can be written with those, so it needs no apostrophe. A spreadsheet would still read it as
 * a number ('11912345678' → 11912345678, '0800…' without its 0, '+55…' as 5.5E+12) or compute it
 * ('+55 11 …' as a formula); an invisible WORD JOINER first keeps it text, shown as typed.
 */
const WORD_JOINER = '\u2060';

/** A phone's cell: a plain phone number kept as text; anything else (a row from before the rules) as any text. */
export const phoneCell = (value: string) => (PLAIN_PHONE.test(value) ? `${WORD_JOINER}${value}` : value);

/** Neutralised, then quoted per RFC 4180: separators, quotes and line breaks stay inside their cell. */
const cell = (value: string) => `"${(FORMULA.test(value) ? `'${value}` : value).replaceAll('"', '""')}"`;

/** One line of the file, cells separated by ';' and ended by CRLF (RFC 4180). */
export const csvLine = (cells: readonly string[]) => `${cells.map(cell).join(';')}\r\n`;
