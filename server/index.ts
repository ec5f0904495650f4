import { createApp } from './app';
import { readManifest } from './assets';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { listen } from './lifecycle';

try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const app = createApp({ logger, manifest: readManifest() });
  await listen(app, config, logger);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
