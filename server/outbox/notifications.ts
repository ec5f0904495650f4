import type { CreateResult, Repository } from '../db/repository';
import type { Logger } from '../logger';
import { startDispatcher, type DispatcherTiming } from './dispatcher';
import { createMailer, type MailSettings } from './mailer';

export type Notifications = {
  /** The repository to serve from: it wakes the dispatcher after each new lead. */
  repository: Repository;
  /** Waits up to `timeoutMs` for a send in progress, then lets go of the SMTP connection. */
  stop(timeoutMs: number): Promise<void>;
};

/**
 * E-mails each new lead to sales when mail is configured. `repository` must have been opened with
 * `notifications: true`, so that each lead and its outbox row are written together.
 */
export function startNotifications(repository: Repository, mail: MailSettings | undefined, logger: Logger, timing?: DispatcherTiming): Notifications {
  if (!mail) {
    logger.warn('SMTP_URL e LEADS_TO não definidos: as notificações por e-mail de novos contatos e cotações estão desativadas');
    return { repository, stop: async () => {} };
  }
  const mailer = createMailer(mail);
  const dispatcher = startDispatcher({ outbox: repository.outbox, send: mailer.send, logger, timing });
  // The reply to the visitor never waits for the mail server: the dispatcher is only woken.
  const waking =
    <A extends unknown[], T>(create: (...args: A) => Promise<CreateResult<T>>) =>
    async (...args: A) => {
      const result = await create(...args);
      if (result.outcome === 'created') dispatcher.wake();
      return result;
    };
  return {
    repository: { ...repository, createContact: waking(repository.createContact), createQuote: waking(repository.createQuote) },
    async stop(timeoutMs) {
      await dispatcher.stop(timeoutMs);
      mailer.close();
    },
  };
}
