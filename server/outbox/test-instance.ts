import { afterEach } from 'vitest';
import type { Repository } from '../db/repository';
import { captureLogger, createTestApp } from '../test-app';
import type { DispatcherTiming } from './dispatcher';
import { startNotifications, type Notifications } from './notifications';

export const LEADS_TO = ['vendas@rotanorte.com.br', 'comercial@rotanorte.com.br'];
export const MAIL_FROM = 'Site Rota Norte <no-reply@rotanorte.com.br>';

/** Milliseconds where production waits seconds to hours, so retries happen within a test. */
export const fastTiming: DispatcherTiming = { pollMs: 50, leaseMs: 10_000, retryBaseMs: 50, retryMaxMs: 200, giveUpAfterMs: 60_000 };

const running: Notifications[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((notifications) => notifications.stop(1_000)));
});

/**
 * One server process as index.ts wires it: `stored` must be opened with notifications on.
 * Stopped after the test; stop() it earlier to play a shutdown.
 */
export function startInstance(stored: Repository, smtpUrl: string, timing = fastTiming) {
  const { logger, logs } = captureLogger();
  const notifications = startNotifications(stored, { smtpUrl, to: LEADS_TO, from: MAIL_FROM }, logger, timing);
  running.push(notifications);
  const { app } = createTestApp({ logger, repository: stored });
  return { app, logs, stop: notifications.stop };
}
