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
  const app = createApp({ logger, manifest: readManifest(), repository });
  await listen(app, config, logger, () => repository.close());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
