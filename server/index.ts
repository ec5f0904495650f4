import { createApp } from './app';
import { readManifest } from './assets';
import { loadConfig } from './config';
import { openRepository } from './db/open';
import { listen } from './lifecycle';
import { stdoutLog } from './log-output';
import { createLogger } from './logger';
import { startNotifications } from './outbox/notifications';
import { StartupError } from './startup-error';

try {
  const config = loadConfig();
  const logOutput = stdoutLog();
  const logger = createLogger(config.logLevel, logOutput);
  const repository = await openRepository(config, logger);
  const notifications = startNotifications(repository, config.mail, logger);
  if (!config.adminToken)
    logger.warn('ADMIN_TOKEN não definido: as leituras de contatos e cotações da API estão desativadas (403)');
  const draining = new AbortController();
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
  await listen(app, config, logger, {
    draining,
    stopWork: (budgetMs) => notifications.stop(budgetMs),
    close: () => repository.close(),
    flushLogs: (timeoutMs) => logOutput.flush(timeoutMs),
  });
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
}
