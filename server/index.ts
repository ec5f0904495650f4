import { createApp } from './app';
import { readManifest } from './assets';
import { ConfigError, loadConfig } from './config';
import { openPostgres } from './db/postgres';
import { openSqlite } from './db/sqlite';
import { listen } from './lifecycle';
import { createLogger } from './logger';
import { startNotifications } from './outbox/notifications';

try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // Several replicas need a shared server; one container is fine with the embedded file.
  const options = { notifications: config.mail !== undefined };
  const stored = config.databaseUrl ? await openPostgres(config.databaseUrl, { logger, ...options }) : openSqlite(config.dataDir, options);
  const notifications = startNotifications(stored, config.mail, logger);
  const { repository } = notifications;
  if (!config.adminToken) logger.warn('ADMIN_TOKEN não definido: as leituras de contatos e cotações da API estão desativadas (403)');
  const draining = new AbortController();
  // Sending stops at the first signal; a send in progress gets half the shutdown budget, closing the rest.
  let notificationsStopped: Promise<void> | undefined;
  draining.signal.addEventListener('abort', () => (notificationsStopped = notifications.stop(config.shutdownTimeoutMs / 2)));
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
  const onClose = async () => {
    await notificationsStopped;
    await repository.close();
  };
  await listen(app, config, logger, { draining, onClose });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
