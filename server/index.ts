// First: on a Node too old to run the rest, it says so and stops.
import './process/node-version';
import { createApp } from './app';
import { createMetrics } from './monitoring/metrics';
import { startNotifications } from './outbox/notifications';
import { readManifest } from './pages/assets';
import { startRetention } from './personal-data/retention';
import { isLocalAddress, loadConfig } from './process/config';
import { listen } from './process/lifecycle';
import { stdoutLog } from './process/log-output';
import { createLogger } from './process/logger';
import { StartupError } from './process/startup-error';
import { openRepository } from './repository';

try {
  const config = loadConfig();
  const logOutput = stdoutLog();
  const logger = createLogger(config.logLevel, logOutput);
  const repository = await openRepository(config, logger);
  const metrics = createMetrics(repository, { processMetrics: true });
  const notifications = startNotifications(repository, config, logger, {
    observe: (channel, outcome) => metrics.notifications.inc({ channel, outcome }),
  });
  const retention = startRetention({
    repository,
    days: config.retentionDays,
    logger,
    onPurged: () => metrics.retentionPurged.setToCurrentTime(),
  });
  if (isLocalAddress(config.publicUrl))
    logger.warn(
      { publicUrl: config.publicUrl.origin },
      'PUBLIC_URL ainda aponta para esta máquina: defina o endereço público do site, de onde saem os e-mails ' +
        '(no-reply@…), os links canônicos e o User-Agent dos webhooks',
    );
  if (!config.adminToken)
    logger.warn('ADMIN_TOKEN não definido: as leituras de contatos e cotações da API estão desativadas (403)');
  const draining = new AbortController();
  const { adminToken, trustProxy, rateLimits, publicUrl, hstsPreload } = config;
  const app = createApp({
    logger,
    manifest: readManifest(),
    repository,
    draining: draining.signal,
    adminToken,
    trustProxy,
    rateLimits,
    publicUrl,
    hstsPreload,
    prerender: true,
    metrics,
  });
  await listen(app, config, logger, {
    onConnectionRefused: () => metrics.connectionsRefused.inc(),
    draining,
    stopWork: async (budgetMs) => {
      await Promise.all([notifications.stop(budgetMs), retention.stop(budgetMs)]);
    },
    close: () => repository.close(),
    flushLogs: (timeoutMs) => logOutput.flush(timeoutMs),
  });
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
}
