import type { Channel } from '../outbox/store';
import type { Config } from '../process/config';
import type { Logger } from '../process/logger';
import { lockDataDir, prepareDataDir } from './data-dir';
import { openPostgres } from './postgres';
import { openWhenReady } from './postgres-start';
import { openSqlite, SQLITE_FILE } from './sqlite';

/**
 * PostgreSQL when DATABASE_URL is set (several replicas need a shared server), else the embedded
 * SQLite file, held by this process alone.
 */
export async function openRepository(config: Config, logger: Logger) {
  // Outbox rows are written with each lead only for the channels that will send them.
  const channels: Channel[] = [];
  if (config.mail) channels.push('email');
  if (config.webhook) channels.push('webhook');
  const options = { channels };
  const { databaseUrl } = config;
  if (databaseUrl)
    return openWhenReady(() => openPostgres(databaseUrl, { logger, ...options }), {
      databaseUrl,
      waitMs: config.databaseWaitMs,
      logger,
    });
  const folder = prepareDataDir(config.dataDir, SQLITE_FILE);
  // Before the migrations: a second process must not touch the first one's file at all.
  const release = lockDataDir(folder);
  const repository = openSqlite(folder, options);
  // The ping waits for openSqlite's migrations: a schema that cannot be brought up to date stops
  // the start-up here, as on PostgreSQL, instead of failing every request.
  await repository.ping();
  return { ...repository, close: () => repository.close().finally(release) };
}
