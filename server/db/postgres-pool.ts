import pg from 'pg';
import type { Logger } from '../process/logger';
import { DatabaseUnavailableError } from './database';

export type PoolOptions = {
  logger: Logger;
  /** How long to wait for a connection before answering 503. */
  connectionTimeoutMs?: number;
  /** The longest any statement may run, on the server and on the wire. */
  statementTimeoutMs?: number;
  max?: number;
};

const { DATE, JSONB, TIMESTAMPTZ } = pg.types.builtins;

/**
 * Both backends hand the row mapping plain strings: a DATE stays 'YYYY-MM-DD' (pg would turn it
 * into a local-midnight Date), jsonb stays the JSON text SQLite stores, and a timestamptz becomes
 * the same ISO string SQLite stores.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === DATE || oid === JSONB) return (value: string) => value;
    if (oid === TIMESTAMPTZ) {
      const parse = pg.types.getTypeParser(TIMESTAMPTZ) as (value: string) => Date;
      return (value: string) => parse(value).toISOString();
    }
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export function createPool(
  connectionString: string,
  { logger, connectionTimeoutMs = 5_000, statementTimeoutMs = 10_000, max = 10 }: PoolOptions,
) {
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    keepAlive: true,
    connectionTimeoutMillis: connectionTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // The server-side timeout cannot fire when the network itself is gone; this client-side one can.
    query_timeout: statementTimeoutMs + 1_000,
    idle_in_transaction_session_timeout: statementTimeoutMs,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  // Only the message: pg hangs the whole client (connection parameters included) on the error.
  pool.on('error', (error) => logger.warn({ error: error.message }, 'postgres: conexão ociosa perdida'));
  return pool;
}

/** Runs `work` in one transaction on one client; a client that cannot even roll back is discarded. */
export async function inTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // Between queries a checked-out client has no listener of the pool's; a lost socket must not crash us.
  const lost = () => {};
  client.on('error', lost);
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    client.off('error', lost);
    client.release();
    return result;
  } catch (error) {
    await client.query('ROLLBACK').then(
      () => client.release(),
      (rollbackError: Error) => client.release(rollbackError),
    );
    client.off('error', lost);
    throw error;
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
// 57P01–57P03: the server is shutting down or starting; 53300: no connection slot left;
// 57014: statement_timeout fired.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
// pg reports a dropped socket and its own timeouts by message only.
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error/i;

/** True when the error means "the database cannot be reached now", not "this query is wrong". */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof AggregateError && error.errors.some(isUnavailable)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
    return true;
  return error instanceof Error && LOST_CONNECTION.test(error.message);
}

/** Turns connection failures into DatabaseUnavailableError (503); anything else stays a bug (500). */
export const guard = <T>(operation: () => Promise<T>): Promise<T> =>
  operation().catch((error: unknown) => {
    throw isUnavailable(error) ? new DatabaseUnavailableError('PostgreSQL indisponível', { cause: error }) : error;
  });
