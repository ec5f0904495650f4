import { once } from 'node:events';
import { createApp } from './app';
import { readManifest } from './assets';
import { ConfigError, loadConfig } from './config';
import { openRepository } from './db/open';
import { listen } from './lifecycle';
import { createLogger } from './logger';
import { startNotifications } from './outbox/notifications';

try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const repository = await openRepository(config, logger);
  const notifications = startNotifications(repository, config.mail, logger);
  if (!config.adminToken)
    logger.warn('ADMIN_TOKEN não definido: as leituras de contatos e cotações da API estão desativadas (403)');
  const draining = new AbortController();
  // Sending stops at the first signal; a send in progress gets half the shutdown budget.
  const notificationsStopped = once(draining.signal, 'abort').then(() =>
    notifications.stop(config.shutdownTimeoutMs / 2),
  );
  const { adminToken, trustProxy, rateLimits, publicUrl } = config;
  const app = createApp({
    logger,
    manifest: readManifest(),
    repository,
    draining: draining.signal,
    adminToken,
    trustProxy,
    rateLimits,
    publicUrl,
    prerender: true,
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
