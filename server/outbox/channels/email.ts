import nodemailer from 'nodemailer';
import { type BusinessCalendar, DEFAULT_CALENDAR } from '../../../shared/holidays';
import type { Channel, MessageTemplates } from '../../module/messages';
import type { Config } from '../../process/config';
import type { Notification } from '../store';

export type MailSettings = NonNullable<Config['mail']>;

/** What the messages link to and count with: PUBLIC_URL (the lead's page) and the holidays (a due time). */
export type MailContext = { publicUrl: URL; calendar?: BusinessCalendar };

/**
 * Sends a channel's notifications over SMTP, each rendered now by its kind's template for that
 * channel (server/module/messages.ts): to the sales team (LEADS_TO) unless it names its recipient.
 */
export function createMailer(
  { smtpUrl, to, from }: MailSettings,
  { publicUrl, calendar = DEFAULT_CALENDAR }: MailContext,
  templates: MessageTemplates,
) {
  // nodemailer's defaults wait up to 2 min to connect and 10 min on a silent socket; ours stay well
  // inside the dispatcher's claim lease, so a slow server never lets a second replica send too.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    // Nothing of ours attaches files or URLs; refuse them in case a field ever ends up in one.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'localhost';

  /** The sender of one e-mail channel: 'email', or the visitor's 'receipt'. */
  const sender = (channel: Extract<Channel, 'email' | 'receipt'>) => async (notification: Notification) => {
    const template = templates[notification.kind]?.[channel];
    if (!template) throw new Error(`e-mail: ${notification.kind} não é notificado por ${channel}`);
    const mail = template(notification.record as never, { publicUrl, calendar, now: new Date() });
    await transport.sendMail({
      from,
      to: mail.to ?? to,
      ...(mail.replyTo && { replyTo: mail.replyTo }),
      subject: mail.subject,
      text: mail.text,
      ...(mail.html && { html: mail.html }),
      ...(mail.headers && { headers: mail.headers }),
      // One Message-ID per notification: should a retry ever resend it, mail clients see a duplicate.
      messageId: `<${notification.id}@${domain}>`,
    });
  };

  return {
    sender,
    /** Connects and logs in once, without sending: the check at start. */
    verify: () => transport.verify(),
    close: () => transport.close(),
  };
}
