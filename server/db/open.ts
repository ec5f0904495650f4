import type { Channel } from '../outbox/store';
import type { Config } from '../process/config';
import type { Logger } from '../process/logger';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';

/** PostgreSQL when DATABASE_URL is set (several replicas need a shared server), else the embedded SQLite file. */
export async function openRepository(config: Config, logger: Logger) {
  // Outbox rows are written with each lead only for the channels that will send them.
  const channels: Channel[] = [];
  if (config.mail) channels.push('email');
  if (config.webhook) channels.push('webhook');
  const options = { channels };
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { logger, ...options });
  const repository = openSqlite(config.dataDir, options);
  // The ping waits for openSqlite's migrations: a schema that cannot be brought up to date stops
  // the start-up here, as on PostgreSQL, instead of failing every request.
  await repository.ping();
  return repository;
}
