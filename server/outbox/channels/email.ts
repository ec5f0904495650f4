import nodemailer from 'nodemailer';
import { type BusinessCalendar, DEFAULT_CALENDAR } from '../../../shared/holidays';
import type { Config } from '../../process/config';
import { customerMail, driverMail } from '../../shipments/messages';
import type { Notification } from '../store';
import { leadMessage } from './email-message';
import { receiptMessage } from './receipt-message';

export type MailSettings = NonNullable<Config['mail']>;

/** What the messages link to and count with: PUBLIC_URL (the lead's page) and the holidays (a due time). */
export type MailContext = { publicUrl: URL; calendar?: BusinessCalendar };

/** Sends one notification over SMTP: to the sales team, to a member, or a visitor's receipt. */
export function createMailer(
  { smtpUrl, to, from }: MailSettings,
  { publicUrl, calendar = DEFAULT_CALENDAR }: MailContext,
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

  return {
    async send(notification: Notification) {
      // Only leads are written to the e-mail channel: an erasure and a team's change go to the webhook alone.
      if (
        notification.kind.endsWith('.updated') ||
        notification.kind === 'subject.erased' ||
        notification.kind === 'quote.accepted' ||
        notification.kind === 'shipment.hook'
      ) {
        throw new Error(`e-mail: ${notification.kind} não é notificado por e-mail`);
      }
      const messageId = `<${notification.id}@${domain}>`;
      if (notification.kind === 'team.message') {
        const { to: member, subject, text } = notification.record;
        await transport.sendMail({ from, to: member, subject, text, messageId });
        return;
      }
      if (notification.kind === 'proposal.mail') {
        const { to: recipient = to, replyTo, subject, text } = notification.record;
        await transport.sendMail({ from, to: recipient, ...(replyTo && { replyTo }), subject, text, messageId });
        return;
      }
      if (notification.kind === 'shipment.notice' || notification.kind === 'shipment.driver_link') {
        const mail =
          notification.kind === 'shipment.notice'
            ? customerMail(notification.record, publicUrl)
            : driverMail(notification.record, publicUrl);
        const headers = { 'Auto-Submitted': 'auto-generated', ...mail.headers };
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, messageId, headers });
        return;
      }
      if (notification.kind === 'lead.receipt') {
        const { subject, text } = receiptMessage(notification.record, calendar, new Date());
        // Auto-Submitted: an autoresponder does not answer an automatic message (RFC 3834).
        const headers = { 'Auto-Submitted': 'auto-generated' };
        await transport.sendMail({ from, to: notification.record.to, subject, text, messageId, headers });
        return;
      }
      if (notification.kind !== 'contact' && notification.kind !== 'quote') return;
      const message = leadMessage(notification, publicUrl);
      await transport.sendMail({
        from,
        to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // One Message-ID per notification: should a retry ever resend it, mail clients see a duplicate.
        messageId,
      });
    },
    /** Connects and logs in once, without sending: the check at start. */
    verify: () => transport.verify(),
    close: () => transport.close(),
  };
}
