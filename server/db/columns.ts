import { z } from 'zod';

// The codec of each kind of column: what either driver may hand back for it, checked, and the one
// value the code reads (docs/decisions/050-typed-rows.md). node:sqlite answers numbers, text and
// Uint8Array; pg answers numbers, strings for bigint and numeric, booleans, and what our type
// parsers make of the rest (server/db/postgres-pool.ts: dates and jsonb as text, timestamptz as ISO).

/** A codec of one column: what a row holds there, and what the code reads. */
export type Column<T = unknown> = z.ZodType<T, unknown>;

/** TEXT, a uuid: a string. */
export const text = z.string();

/** A text column whose values the code names (a status, a kind): any string the database holds, typed. */
export const textAs = <T extends string>() => z.custom<T>((value) => typeof value === 'string');

/** An INTEGER, a bigint, a count: a number, which pg sends as text when it may not fit one (int8, numeric). */
export const integer = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
  z.bigint().transform(Number),
]);

/** A REAL, a double precision. */
export const real = z.number();

/** A boolean: SQLite's 0 or 1, PostgreSQL's boolean. */
export const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((value) => value === true || value === 1);

/** A timestamp: SQLite's ISO text, pg's Date or ISO text; always read as ISO 8601 in UTC. */
export const instant = z.union([z.string(), z.date()]).transform((value, context) => {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) {
    context.addIssue({ code: 'custom', message: `instante inválido: ${String(value)}` });
    return z.NEVER;
  }
  return time.toISOString();
});

/** A calendar date, 'YYYY-MM-DD' on both backends (pg's DATE is kept as text). */
export const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A JSON column read as `schema` says: SQLite's text parsed, pg's jsonb as our type parser left it (text). */
export const json = <T>(schema: z.ZodType<T>) =>
  z
    .unknown()
    .transform((value) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value))
    .pipe(schema);

/** Bytes: SQLite's BLOB and pg's bytea both arrive as a Uint8Array (a Buffer). */
export const bytes = z.instanceof(Uint8Array);

/** A nullable column of `codec`: NULL, or a column a query left out, reads as an absent field. */
export const optional = <T>(codec: Column<T>) => codec.nullish().transform((value) => value ?? undefined);
