import type { Repository } from '../db/repository';
import type { Logger } from '../logger';
import { type DispatcherTiming, type NotificationOutcome, startDispatcher } from './dispatcher';
import { createMailer, type MailSettings } from './mailer';

export type Notifications = {
  /** Waits up to `timeoutMs` for a send in progress, then lets go of the SMTP connection. */
  stop(timeoutMs: number): Promise<void>;
};

/**
 * E-mails each new lead to sales when mail is configured. The reply to the visitor never waits for
 * the mail server: the dispatcher finds the lead's outbox row at its next poll.
 */
export function startNotifications(
  repository: Repository,
  mail: MailSettings | undefined,
  logger: Logger,
  { timing, observe }: { timing?: DispatcherTiming; observe?: (outcome: NotificationOutcome) => void } = {},
): Notifications {
  // A mismatch would otherwise pass in silence: no rows and so no e-mail ever, or rows piling up unsent.
  const enabled = mail !== undefined;
  if (repository.notifications !== enabled) {
    throw new Error(
      `startNotifications: mail is ${enabled ? 'on' : 'off'} but the repository was opened with notifications: ${!enabled}`,
    );
  }
  if (!mail) {
    logger.warn(
      'SMTP_URL e LEADS_TO não definidos: as notificações por e-mail de novos contatos e cotações estão desativadas',
    );
    return { stop: async () => {} };
  }
  const mailer = createMailer(mail);
  const dispatcher = startDispatcher({ outbox: repository.outbox, send: mailer.send, logger, timing, observe });
  return {
    async stop(timeoutMs) {
      await dispatcher.stop(timeoutMs);
      mailer.close();
    },
  };
}
