import { z } from 'zod';
import type { Column } from './columns';
import type { Row } from './database';

// A table's rows, typed once (docs/decisions/050-typed-rows.md): the codec of each column it reads,
// from which come the column lists its statements select and the record a row decodes to, its keys
// in camelCase and its NULLs left out. The statements themselves stay SQL, written once with `?`.

/** 'created_at' → 'createdAt'. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

type Columns = Record<string, Column>;
type Read<C> = C extends z.ZodType<infer Out, unknown> ? Out : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** What a row of `C` decodes to: a column that may be NULL is an optional field. */
type Decoded<C extends Columns> = Simplify<
  { [K in keyof C & string as undefined extends Read<C[K]> ? never : Camel<K>]: Read<C[K]> } & {
    [K in keyof C & string as undefined extends Read<C[K]> ? Camel<K> : never]?: Exclude<Read<C[K]>, undefined>;
  }
>;

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

export type TableRow<C extends Columns> = {
  name: string;
  columns: readonly (keyof C & string)[];
  /** The columns as a SELECT lists them: 'id, title, …', each after `prefix` when given ('p.'). */
  list(prefix?: string): string;
  /** The row's record; throws when a column holds what its codec refuses (a driver's surprise, a column left out). */
  decode(row: Row): Decoded<C>;
  /** The same table read with more: the expressions a query adds (`… AS superseded`), which it writes itself. */
  with<More extends Columns>(more: More): TableRow<C & More> & { columns: readonly (keyof C & string)[] };
  /** Only these columns: a query that reads part of the row. */
  pick<K extends keyof C & string>(...names: K[]): TableRow<Pick<C, K>>;
};

function decoderOf<C extends Columns>(name: string, columns: C, listed: readonly string[]): TableRow<C> {
  const schema = z.object(columns);
  const keys = Object.keys(columns).map((column) => [column, camel(column)] as const);
  return {
    name,
    columns: listed as (keyof C & string)[],
    list: (prefix = '') => listed.map((column) => `${prefix}${column}`).join(', '),
    decode(row) {
      const parsed = schema.parse(row) as Record<string, unknown>;
      const record: Record<string, unknown> = {};
      for (const [column, key] of keys) if (parsed[column] !== undefined) record[key] = parsed[column];
      return record as Decoded<C>;
    },
    with: (more) => decoderOf(name, { ...columns, ...more }, listed),
    pick: (...names) =>
      decoderOf(
        name,
        Object.fromEntries(names.map((column) => [column, columns[column]])) as Pick<C, (typeof names)[number]>,
        names,
      ) as never,
  };
}

/** The table `name`, read through the codecs of `columns` (server/db/columns.ts). */
export const tableOf = <C extends Columns>(name: string, columns: C): TableRow<C> =>
  decoderOf(name, columns, Object.keys(columns));
