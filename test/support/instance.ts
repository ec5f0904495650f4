import { onTestFinished } from 'vitest';
import type { Repository } from '../../server/db/repository';
import type { DispatcherTiming } from '../../server/outbox/dispatcher';
import { startNotifications } from '../../server/outbox/notifications';
import { captureLogger, createTestApp } from './app';

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

/**
 * One server process as server/index.ts wires it: `stored` must be opened with notifications on.
 * Call it inside a test, which stops it when done; stop() it earlier to play a shutdown.
 */
export function startInstance(stored: Repository, smtpUrl: string, timing = fastTiming) {
  const { logger, logs } = captureLogger();
  const notifications = startNotifications(stored, { smtpUrl, to: LEADS_TO, from: MAIL_FROM }, logger, { timing });
  onTestFinished(() => notifications.stop(1_000));
  const { app } = createTestApp({ logger, repository: stored });
  return { app, logs, stop: notifications.stop };
}
