import type { Channel, MessageTemplates } from '../module/messages';
import type { Logger } from '../process/logger';
import { createMailer, type MailContext, type MailSettings } from './channels/email';
import { reportRelay } from './channels/relay-check';
import { createWebhookSender, type WebhookSettings, type WebhookTiming, webhookTiming } from './channels/webhook';
import { type DispatcherTiming, defaultTiming, type NotificationOutcome, startDispatcher } from './dispatcher';
import { configuredChannels, type Outbox } from './store';

export type Notifications = {
  /** Waits up to `timeoutMs` for the sends in progress, then lets go of the SMTP connection. */
  stop(timeoutMs: number): Promise<void>;
};

/** The channels' settings, each unset when that channel is off; the e-mails' link and clock. */
type Destinations = { mail?: MailSettings; webhook?: WebhookSettings } & Partial<MailContext>;

type Options = {
  timing?: { email?: DispatcherTiming; webhook?: WebhookTiming };
  /** Told of each attempt's outcome once it is recorded (metrics). */
  observe?: (channel: Channel, outcome: NotificationOutcome) => void;
};

/** What the dispatchers send from: the outbox, the channels it writes to, and each kind's templates. */
type Sources = { outbox: Outbox; channels: readonly Channel[]; templates: MessageTemplates };

/**
 * E-mails each new lead to sales and posts it to the webhook, for the channels configured, each
 * through its own dispatcher. The reply to the visitor never waits for either: a dispatcher finds
 * the lead's outbox row at its next poll.
 */
export function startNotifications(
  { outbox, channels, templates }: Sources,
  { mail, webhook, publicUrl = new URL('http://localhost:3000'), calendar }: Destinations,
  logger: Logger,
  { timing = {}, observe }: Options = {},
): Notifications {
  // A mismatch would otherwise pass in silence: no rows and so no delivery ever, or rows piling up unsent.
  const configured = configuredChannels({ mail, webhook });
  // The receipt is optional: a repository opened without it writes none, and nothing is left unsent.
  const required = (names: readonly Channel[]) => names.filter((name) => name !== 'receipt').join();
  if (required(configured) !== required(channels) || channels.some((name) => !configured.includes(name))) {
    const list = (names: readonly Channel[]) => names.join(', ') || 'nenhum';
    throw new Error(
      `startNotifications: canais configurados (${list(configured)}) diferentes dos do repositório ` +
        `(${list(channels)}): abra o repositório com configuredChannels(config)`,
    );
  }
  if (!mail) {
    logger.warn(
      'SMTP_URL e LEADS_TO não definidos: ' +
        'as notificações por e-mail de novos contatos e cotações estão desativadas',
    );
  }
  if (!webhook) {
    logger.info('WEBHOOK_URL e WEBHOOK_SECRET não definidos: nenhum webhook de novos contatos e cotações');
  }

  const start = (
    channel: Channel,
    send: Parameters<typeof startDispatcher>[0]['send'],
    channelTiming: DispatcherTiming,
  ) =>
    startDispatcher({
      channel,
      outbox: outbox.channel(channel),
      send,
      logger,
      timing: channelTiming,
      observe: (outcome) => observe?.(channel, outcome),
    });

  const stops: Array<(timeoutMs: number) => Promise<void>> = [];
  if (mail) {
    const mailer = createMailer(mail, { publicUrl, calendar }, templates);
    reportRelay(mail.smtpUrl, mailer.verify, logger);
    const dispatchers = [start('email', mailer.sender('email'), timing.email ?? defaultTiming)];
    if (channels.includes('receipt'))
      dispatchers.push(start('receipt', mailer.sender('receipt'), timing.email ?? defaultTiming));
    stops.push(async (timeoutMs) => {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop(timeoutMs)));
      mailer.close();
    });
  }
  if (webhook) {
    const { timeoutMs, ...dispatch } = timing.webhook ?? webhookTiming;
    stops.push(start('webhook', createWebhookSender(webhook, timeoutMs, templates).send, dispatch).stop);
  }
  return {
    async stop(timeoutMs) {
      await Promise.all(stops.map((stop) => stop(timeoutMs)));
    },
  };
}
