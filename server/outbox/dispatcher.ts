import type { Notification, OutboxStore } from '../db/outbox';
import type { Logger } from '../logger';

export type DispatcherTiming = {
  /** How often to look for due notifications; a new lead waits at most this long. */
  pollMs: number;
  /** How long a claim lasts; past it, another replica may send. Above the mailer's own timeouts. */
  leaseMs: number;
  /** The first retry's delay; each further one doubles, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Counted from when the lead was stored; after it a failing notification is given up. */
  giveUpAfterMs: number;
};

export const defaultTiming: DispatcherTiming = {
  pollMs: 2_000,
  leaseMs: 2 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/** 30 s, 60 s, 2 min, … up to 1 h, with the default timing. `attempts` counts the failed one. */
export const notificationRetryDelay = (attempts: number, { retryBaseMs, retryMaxMs }: DispatcherTiming) =>
  Math.min(retryBaseMs * 2 ** Math.min(attempts - 1, 30), retryMaxMs);

/** What became of one attempt: sent, scheduled again, or given up. */
export type NotificationOutcome = 'sent' | 'retried' | 'failed';

type Dispatcher = {
  outbox: OutboxStore;
  send(notification: Notification): Promise<void>;
  logger: Logger;
  timing?: DispatcherTiming;
  /** Told of each attempt's outcome once it is recorded (metrics). */
  observe?: (outcome: NotificationOutcome) => void;
};

// Only codes: an SMTP reply may quote addresses, and the logs must carry no personal data.
const errorCodes = (error: unknown) => {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return { code, responseCode };
};

/** Sends what the outbox holds, one claimed notification at a time, until stopped. */
export function startDispatcher({ outbox, send, logger, timing = defaultTiming, observe }: Dispatcher) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const deliver = async (notification: Notification) => {
    const { id: notificationId, attempts } = notification;
    try {
      await send(notification);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (Date.now() - Date.parse(notification.createdAt) >= timing.giveUpAfterMs) {
        await outbox.markFailed(notification, reason);
        observe?.('failed');
        logger.error(
          { notificationId, attempts, ...errorCodes(error) },
          'notificação por e-mail abandonada: não foi enviada no prazo',
        );
      } else {
        const retryInMs = notificationRetryDelay(attempts, timing);
        await outbox.retryLater(notification, retryInMs, reason);
        observe?.('retried');
        logger.warn(
          { notificationId, attempts, retryInMs, ...errorCodes(error) },
          'notificação por e-mail não enviada: nova tentativa agendada',
        );
      }
      return;
    }
    // Should this fail, the claim expires and the e-mail goes again: twice beats never.
    await outbox.markSent(notification);
    observe?.('sent');
    logger.info({ notificationId, kind: notification.kind, attempts }, 'notificação por e-mail enviada');
  };

  const drain = async () => {
    while (!stopped) {
      const next = await outbox.claim(timing.leaseMs);
      if (!next) return;
      await deliver(next);
    }
  };

  const run = () => {
    running = drain()
      .catch((error: unknown) => {
        // The database is away; the next poll tries again.
        logger.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'outbox: falha ao ler ou atualizar as notificações',
        );
      })
      .finally(() => {
        running = undefined;
        schedule(timing.pollMs);
      });
  };

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(run, delayMs);
  };

  schedule(0);

  return {
    /** Stops claiming; waits up to `timeoutMs` for a send in progress. The rest stays pending. */
    async stop(timeoutMs: number) {
      stopped = true;
      clearTimeout(timer);
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (bound = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(bound);
    },
  };
}
