import { createApp } from './app';
import { readManifest } from './assets';
import { ConfigError, loadConfig } from './config';
import { openPostgres } from './db/postgres';
import { openSqlite } from './db/sqlite';
import { listen } from './lifecycle';
import { createLogger } from './logger';

try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // Several replicas need a shared server; one container is fine with the embedded file.
  const repository = config.databaseUrl ? await openPostgres(config.databaseUrl, { logger }) : openSqlite(config.dataDir);
  if (!config.adminToken) logger.warn('ADMIN_TOKEN não definido: as leituras de contatos e cotações da API estão desativadas (403)');
  const draining = new AbortController();
  const app = createApp({
    logger,
    manifest: readManifest(),
    repository,
    adminToken: config.adminToken,
    draining: draining.signal,
    trustProxy: config.trustProxy,
    rateLimits: config.rateLimits,
    publicUrl: config.publicUrl,
  });
  await listen(app, config, logger, { draining, onClose: () => repository.close() });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
