import type pg from 'pg';
import { inTransaction } from './postgres-pool';

/** Versioned schema, the same tables as SQLite's; append new entries, never edit applied ones. */
const migrations = [
  `CREATE TABLE contacts (
     seq bigserial PRIMARY KEY,
     id uuid NOT NULL UNIQUE,
     name text NOT NULL,
     email text NOT NULL,
     phone text,
     company text,
     message text NOT NULL,
     created_at timestamptz NOT NULL
   );
   CREATE TABLE idempotency_keys (
     scope text NOT NULL,
     key text NOT NULL,
     fingerprint text NOT NULL,
     resource_id uuid NOT NULL,
     created_at timestamptz NOT NULL,
     PRIMARY KEY (scope, key)
   );`,
  `CREATE TABLE quotes (
     seq bigserial PRIMARY KEY,
     id uuid NOT NULL UNIQUE,
     status text NOT NULL,
     created_at timestamptz NOT NULL,
     name text NOT NULL,
     email text NOT NULL,
     phone text,
     company text,
     origin_city text NOT NULL,
     origin_state text NOT NULL,
     destination_city text NOT NULL,
     destination_state text NOT NULL,
     cargo_type text NOT NULL,
     weight_tons double precision NOT NULL,
     vehicle text,
     pickup_date date,
     notes text
   );`,
  // The durable outbox: one row per e-mail, written in the transaction that stores the lead.
  `CREATE TABLE outbox (
     seq bigserial PRIMARY KEY,
     id uuid NOT NULL UNIQUE,
     kind text NOT NULL,
     payload jsonb NOT NULL,
     status text NOT NULL,
     attempts integer NOT NULL,
     next_attempt_at timestamptz NOT NULL,
     claimed_until timestamptz,
     last_error text,
     created_at timestamptz NOT NULL,
     sent_at timestamptz
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
];

/**
 * Applies what is missing in one transaction. Replicas starting together queue on the advisory
 * lock (per schema); the first applies the migrations and the others then find nothing to do.
 */
export function migrate(pool: pg.Pool) {
  return inTransaction(pool, 'BEGIN', async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('site-migrations:' || current_schema()))`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number }>('SELECT coalesce(max(version), 0) AS version FROM schema_migrations');
    const applied = rows[0]!.version;
    for (const [index, sql] of migrations.entries()) {
      if (index < applied) continue;
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
  });
}
