import type { Repository } from '../db/repository';
import type { Logger } from '../logger';
import { startDispatcher, type DispatcherTiming } from './dispatcher';
import { createMailer, type MailSettings } from './mailer';

export type Notifications = {
  /** Waits up to `timeoutMs` for a send in progress, then lets go of the SMTP connection. */
  stop(timeoutMs: number): Promise<void>;
};

/**
 * E-mails each new lead to sales when mail is configured. `repository` must have been opened with
 * `notifications: true`, so that each lead and its outbox row are written together. The reply to
 * the visitor never waits for the mail server: the dispatcher finds the row at its next poll.
 */
export function startNotifications(repository: Repository, mail: MailSettings | undefined, logger: Logger, timing?: DispatcherTiming): Notifications {
  if (!mail) {
    logger.warn('SMTP_URL e LEADS_TO não definidos: as notificações por e-mail de novos contatos e cotações estão desativadas');
    return { stop: async () => {} };
  }
  const mailer = createMailer(mail);
  const dispatcher = startDispatcher({ outbox: repository.outbox, send: mailer.send, logger, timing });
  return {
    async stop(timeoutMs) {
      await dispatcher.stop(timeoutMs);
      mailer.close();
    },
  };
}
