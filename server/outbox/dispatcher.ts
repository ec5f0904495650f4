import type { Channel } from '../module/messages';
import { type BackgroundLoop, backgroundLoop } from '../process/background-loop';
import type { Logger } from '../process/logger';
import type { Notification, OutboxStore } from './store';

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

/** E-mail's timing (docs/requirements.md §10.10). */
export const defaultTiming: DispatcherTiming = {
  pollMs: 2_000,
  leaseMs: 2 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/** 30 s, 60 s, 2 min, … up to 1 h, with e-mail's timing. `attempts` counts the failed one. */
export const notificationRetryDelay = (attempts: number, { retryBaseMs, retryMaxMs }: DispatcherTiming) =>
  Math.min(retryBaseMs * 2 ** Math.min(attempts - 1, 30), retryMaxMs);

/** What became of one attempt: sent, scheduled again, or given up. */
export const NOTIFICATION_OUTCOMES = ['sent', 'retried', 'failed'] as const;
export type NotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];

/** Each channel's log lines, by outcome: they name the channel, never the lead. */
const LOG_LINES: Record<Channel, Record<NotificationOutcome, string>> = {
  email: {
    sent: 'notificação por e-mail enviada',
    retried: 'notificação por e-mail não enviada: nova tentativa agendada',
    failed: 'notificação por e-mail abandonada: não foi enviada no prazo',
  },
  webhook: {
    sent: 'webhook entregue',
    retried: 'webhook não entregue: nova tentativa agendada',
    failed: 'webhook abandonado: não foi entregue no prazo',
  },
  receipt: {
    sent: 'aviso de recebimento enviado',
    retried: 'aviso de recebimento não enviado: nova tentativa agendada',
    failed: 'aviso de recebimento abandonado: não foi enviado no prazo',
  },
};

type Dispatcher = {
  channel: Channel;
  /** That channel's store: the dispatcher claims its rows only. */
  outbox: OutboxStore;
  send(notification: Notification): Promise<void>;
  logger: Logger;
  timing: DispatcherTiming;
  /** Told of each attempt's outcome once it is recorded (metrics). */
  observe?: (outcome: NotificationOutcome) => void;
};

/**
 * What went wrong, for the log line, so that the operator reads the cause where the codes alone
 * ("ESOCKET") say nothing: the socket's or TLS's own words (`connect ECONNREFUSED 127.0.0.1:4198`,
 * `self-signed certificate`), an authentication failure, or the status a server answered. Never the
 * text of a reply: an SMTP server's or a receiver's may quote addresses, and the logs carry no
 * personal data.
 */
export const failureCause = (error: unknown) => {
  const { code, responseCode, message } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const status = typeof responseCode === 'number' ? ` (${responseCode})` : '';
  if (code === 'EAUTH') return `autenticação recusada pelo relay${status}: confira usuário e senha em SMTP_URL`;
  if (status) return `o destino respondeu${status}`;
  return typeof message === 'string' ? message.split('\n')[0]!.slice(0, 200) : String(error);
};

const errorFields = (error: unknown) => {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return { code, responseCode, cause: failureCause(error) };
};

/** Sends what one channel of the outbox holds, one claimed notification at a time, until stopped. */
export function startDispatcher({ channel, outbox, send, logger, timing, observe }: Dispatcher): BackgroundLoop {
  const lines = LOG_LINES[channel];

  const deliver = async (notification: Notification) => {
    const { id: notificationId, attempts } = notification;
    try {
      await send(notification);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (Date.now() - Date.parse(notification.createdAt) >= timing.giveUpAfterMs) {
        await outbox.markFailed(notification, reason);
        observe?.('failed');
        logger.error({ channel, notificationId, attempts, ...errorFields(error) }, lines.failed);
      } else {
        const retryInMs = notificationRetryDelay(attempts, timing);
        await outbox.retryLater(notification, retryInMs, reason);
        observe?.('retried');
        logger.warn({ channel, notificationId, attempts, retryInMs, ...errorFields(error) }, lines.retried);
      }
      return;
    }
    // Should this fail, the claim expires and the delivery goes again: twice beats never.
    await outbox.markSent(notification);
    observe?.('sent');
    logger.info({ channel, notificationId, kind: notification.kind, attempts }, lines.sent);
  };

  // Claims and sends until nothing is due or the process stops; stop() waits for the send in
  // progress, and what is left stays pending.
  return backgroundLoop(async (stopping) => {
    try {
      while (!stopping.aborted) {
        const next = await outbox.claim(timing.leaseMs);
        if (!next) break;
        await deliver(next);
      }
    } catch (error) {
      // The database is away; the next poll tries again.
      logger.warn(
        { channel, error: error instanceof Error ? error.message : String(error) },
        'outbox: falha ao ler ou atualizar as notificações',
      );
    }
    return timing.pollMs;
  });
}
