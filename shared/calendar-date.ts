import { z } from 'zod';

// A date a person types or picks, YYYY-MM-DD, that is a day of the Gregorian calendar: 2027-02-29
// and 2027-02-30 are none, though Date.parse reads the first and rolls both over to March, and
// PostgreSQL's date type then refuses them with an error. One check for every form and query that
// takes a date: zod's ISO date, which knows the months' lengths and the leap years.
const calendarDate = z.iso.date();

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export const isCalendarDate = (text: string) => calendarDate.safeParse(text).success;

/** What a form says of a date it cannot take. */
export const NOT_A_DATE = 'Esta data não existe no calendário: confira o dia e o mês (AAAA-MM-DD).';
