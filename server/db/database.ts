/** A row as either driver returns it: column name → value, NULL for an absent field. */
export type Row = Record<string, unknown>;

/** A value bound to a `?` placeholder. */
/** Bytes (a CV) bind as a BLOB on SQLite and a bytea on PostgreSQL. */
export type Param = string | number | null | Uint8Array;

/** Statements on a connection or inside a transaction. Placeholders are spelled `?` on every backend. */
export interface Queries {
  all(sql: string, params?: Param[]): Promise<Row[]>;
  get(sql: string, params?: Param[]): Promise<Row | undefined>;
  /** Resolves to the number of rows the statement inserted, updated or deleted. */
  run(sql: string, params?: Param[]): Promise<number>;
}

/** 'write' holds the write lock from the start; 'read' is one snapshot for several SELECTs. */
type TransactionMode = 'write' | 'read';

/** How busy the connections are: in use now, and statements waiting for one. */
type ConnectionUse = { inUse: number; waiting: number };

/** One backend: how it runs statements and transactions, and the SQL fragments it spells its own way. */
export interface Database extends Queries {
  readonly dialect: Dialect;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. `work`
   * uses `tx` only: on SQLite a call on the Database itself would wait for this transaction to end.
   */
  transaction<T>(work: (tx: Queries) => Promise<T>, mode?: TransactionMode): Promise<T>;
  connections(): ConnectionUse;
  close(): Promise<void>;
}

/** Column types of the migrations' DDL that the backends name differently. */
export type ColumnTypes = {
  /** An auto-incrementing integer primary key: the order rows were inserted in. */
  seq: string;
  uuid: string;
  timestamp: string;
  date: string;
  real: string;
  json: string;
  /** Bytes stored as they came: a BLOB, a bytea. */
  bytes: string;
};

/** The only SQL the backends spell differently; every statement is otherwise written once. */
export type Dialect = {
  types: ColumnTypes;
  /** The current instant, as the backend stores timestamps. */
  now: string;
  /** The instant one `?` parameter's milliseconds after `now`. */
  later: string;
  /** The instant one `?` parameter's milliseconds before `now`. */
  earlier: string;
  /** Ends the SELECT that picks a row to claim. */
  skipLocked: string;
  /** Runs first in the migration transaction, so that replicas starting together migrate one at a time. */
  migrationLock?: string;
  /**
   * Runs first in the retention purge's transaction and answers `locked`: false when another replica
   * is purging, which this one then leaves to it (docs/requirements.md §10.18).
   */
  purgeLock?: string;
  /**
   * Runs in a transaction, with one `?` parameter, a key: waits for any other transaction that holds
   * the same key, so that two of them checking then writing the same thing take turns. SQLite needs
   * none: its write transactions already take turns.
   */
  keyLock?: string;
  /**
   * Run once an erasure or a purge of `tables` has committed, outside any transaction, so that what
   * it deleted leaves the database's files as far as the backend allows (docs/requirements.md §10.17).
   */
  afterErasure(tables: readonly string[]): string;
  /** The inbox's accent-insensitive text search (docs/decisions/032-inbox-search.md). */
  search: TextSearch;
  /** A version number kept outside schema_migrations, read and kept in step by the migrations. */
  legacyVersion?: {
    read(tx: Queries): Promise<number>;
    write(tx: Queries, version: number): Promise<void>;
  };
};

/**
 * A text index over `text`, an expression of `table`'s columns (written with `row.` before each
 * column, which `as` replaces), that finds rows holding every word asked, whatever their accents and
 * letter case. Each backend builds it with its own text search.
 */
type TextSearch = {
  /** The statements of the migration that builds the index and keeps it up to date. */
  index(table: string, text: (row: string) => string): string[];
  /** The condition on `table`'s rows (named `row`) that holds `words` (each a whole word or its start). */
  matches(table: string, text: (row: string) => string, words: readonly string[]): { sql: string; params: Param[] };
};

/** Ids per statement when one lists ids: far below either backend's limit on parameters. */
const IDS_PER_STATEMENT = 500;

/** `ids` in slices short enough for one statement each, with as many placeholders ('?, ?, ?'). */
export function* inSlices(ids: readonly string[]) {
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const slice = ids.slice(start, start + IDS_PER_STATEMENT);
    yield { ids: slice, placeholders: slice.map(() => '?').join(', ') };
  }
}

/** Raised when the database cannot be reached; the API answers 503. */
export class DatabaseUnavailableError extends Error {}
