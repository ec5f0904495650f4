import { createApp } from './app';
import { readManifest } from './assets';
import { ConfigError, loadConfig } from './config';
import { openSqlite } from './db/sqlite';
import { listen } from './lifecycle';
import { createLogger } from './logger';

try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const repository = openSqlite(config.dataDir);
  const draining = new AbortController();
  const app = createApp({
    logger,
    manifest: readManifest(),
    repository,
    draining: draining.signal,
    trustProxy: config.trustProxy,
    rateLimits: config.rateLimits,
    https: config.publicUrl.protocol === 'https:',
  });
  await listen(app, config, logger, { draining, onClose: () => repository.close() });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
