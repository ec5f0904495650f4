import { onTestFinished } from 'vitest';
import type { Repository } from '../../server/composition/repository';
import type { MailSettings } from '../../server/outbox/channels/email';
import type { WebhookSettings, WebhookTiming } from '../../server/outbox/channels/webhook';
import type { DispatcherTiming } from '../../server/outbox/dispatcher';
import { startNotifications } from '../../server/outbox/notifications';
import { captureLogger, createTestApp } from './app';
import { ADMIN_TOKEN } from './leads';

export const LEADS_TO = ['vendas@rotanorte.com.br', 'comercial@rotanorte.com.br'];
export const MAIL_FROM = 'Site Rota Norte <no-reply@rotanorte.com.br>';

/** Milliseconds where production waits seconds to hours, so retries happen within a test. */
export const fastTiming: DispatcherTiming = {
  pollMs: 50,
  leaseMs: 10_000,
  retryBaseMs: 50,
  retryMaxMs: 200,
  giveUpAfterMs: 60_000,
};

/** The same for webhooks, whose attempts give up on a silent receiver after `timeoutMs`. */
export const fastWebhookTiming: WebhookTiming = { ...fastTiming, timeoutMs: 1_000 };

/** One server process as server/index.ts wires it, with the channels given and their timing; reads need ADMIN_TOKEN. */
function start(
  stored: Repository,
  destinations: { mail?: MailSettings; webhook?: WebhookSettings },
  timing: { email?: DispatcherTiming; webhook?: WebhookTiming },
) {
  const { logger, logs } = captureLogger();
  const notifications = startNotifications(stored, destinations, logger, { timing });
  onTestFinished(() => notifications.stop(1_000));
  const { app } = createTestApp({ logger, repository: stored, adminToken: ADMIN_TOKEN });
  return { app, logs, stop: notifications.stop };
}

/**
 * E-mail on (`stored` opened with the email channel alone). Call it inside a test, which stops it
 * when done; stop() it earlier to play a shutdown.
 */
export const startInstance = (stored: Repository, smtpUrl: string, timing = fastTiming) =>
  start(stored, { mail: { smtpUrl, to: LEADS_TO, from: MAIL_FROM } }, { email: timing });

/** Webhooks on (`stored` opened with the webhook channel alone); as startInstance otherwise. */
export const startWebhookInstance = (stored: Repository, webhook: WebhookSettings, timing = fastWebhookTiming) =>
  start(stored, { webhook }, { webhook: timing });
