// First: on a Node too old to run the rest, it says so and stops.
import './process/node-version';
import { createApp } from './app';
import { startBackground } from './composition/background';
import { openRepository } from './composition/repository';
import { continueWithinLimit } from './http/body-limit';
import { clientErrorReplies } from './http/client-errors';
import { siteHeaders } from './http/security';
import { LARGER_BODIES } from './larger-bodies';
import { createMetrics } from './monitoring/metrics';
import { checkRelayName } from './outbox/channels/relay-check';
import { startNotifications } from './outbox/notifications';
import { readManifest } from './pages/assets';
import { startRetention } from './personal-data/retention';
import { loadConfig } from './process/config';
import { exitOnEscapedErrors } from './process/last-resort';
import { listen } from './process/lifecycle';
import { stdoutLog } from './process/log-output';
import { createLogger } from './process/logger';
import { privacyFacts, reportStart } from './process/start-report';
import { StartupError } from './process/startup-error';
import { announceSetupLink } from './team/setup-link';
import { prepareSpool } from './untrusted';

const logOutput = stdoutLog();
try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, logOutput);
  exitOnEscapedErrors(logger, (timeoutMs) => logOutput.flush(timeoutMs));
  // The build writes its version in; `npm run dev` runs the sources.
  reportStart(config, process.env, logger, process.env.SITE_VERSION ?? 'desenvolvimento');
  if (config.mail) await checkRelayName(config.mail.smtpUrl, logger);
  const repository = await openRepository(config, logger);
  await prepareSpool();
  const metrics = createMetrics(repository, { processMetrics: true, calendar: config.calendar });
  const notifications = startNotifications(repository, config, logger, {
    observe: (channel, outcome) => metrics.notifications.inc({ channel, outcome }),
  });
  const retention = startRetention({
    personalData: repository.personalData,
    days: config.retentionDays,
    suspectDays: config.suspectRetentionDays,
    applicationDays: config.applicationRetentionDays,
    logger,
    onPurged: () => metrics.retentionPurged.setToCurrentTime(),
  });
  const background = startBackground({ logger, config, stores: repository });
  const draining = new AbortController();
  const { adminToken, trustProxy, rateLimits, publicUrl, hstsPreload } = config;
  const app = createApp({
    logger,
    manifest: readManifest(),
    repository,
    stamps: await repository.renderStamps(),
    draining: draining.signal,
    adminToken,
    trustProxy,
    rateLimits,
    publicUrl,
    privacy: privacyFacts(config),
    hstsPreload,
    calendar: config.calendar,
    prerender: true,
    metrics,
  });
  await announceSetupLink(repository.team, publicUrl, logger);
  const https = publicUrl.protocol === 'https:';
  await listen(app, config, logger, {
    checkContinue: continueWithinLimit(LARGER_BODIES),
    clientError: (replying) => clientErrorReplies(siteHeaders({ https }), replying),
    onConnectionRefused: () => metrics.connectionsRefused.inc(),
    onConnectionEvicted: (reason) => metrics.connectionsEvicted.inc({ reason }),
    draining,
    stopWork: async (budgetMs) => {
      await Promise.all([notifications.stop(budgetMs), retention.stop(budgetMs), background.stop(budgetMs)]);
    },
    close: () => repository.close(),
    flushLogs: (timeoutMs) => logOutput.flush(timeoutMs),
  });
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  // The lines logged before (each try of a database that did not answer) leave first.
  await logOutput.flush(250);
  process.exit(1);
}
