import { Webhook } from 'standardwebhooks';
import { company } from '../../../shared/content';
import type { MessageTemplates } from '../../module/messages';
import type { Config } from '../../process/config';
import type { DispatcherTiming } from '../dispatcher';
import type { Notification } from '../store';

export type WebhookSettings = NonNullable<Config['webhook']>;

/** The webhook channel's timing, and how long one attempt may take before it counts as failed. */
export type WebhookTiming = DispatcherTiming & { timeoutMs: number };

/**
 * docs/requirements.md §10.15: an attempt gets 10 s; the first retry is due 20 s after a failure,
 * so it goes within 30 s even counting the 2 s poll; then 40 s, 80 s, … up to 1 h; given up 24 h
 * after the lead was stored. The lease outlasts an attempt six times over.
 */
export const webhookTiming: WebhookTiming = {
  pollMs: 2_000,
  leaseMs: 60_000,
  retryBaseMs: 20_000,
  retryMaxMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  timeoutMs: 10_000,
};

/**
 * Who is posting, for the receiver's logs: the site by name and its address, as
 * 'Site Transportadora Rota Norte (+https://www.rotanorte.com.br)'. Each word is a product token
 * (RFC 9110 §10.1.5), so accents and anything else a token cannot hold are left out.
 */
const userAgent = (site: URL) => {
  const words = `Site ${company.name}`
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 -]/g, '')
    .split(/\s+/);
  return `${words.filter(Boolean).join(' ')} (+${site.origin})`;
};

/**
 * A delivery the receiver did not take. Only its HTTP status or the network's error code is kept
 * (in the logs and the row's last_error): the reply's body could hold anything.
 */
class WebhookFailure extends Error {
  constructor(
    readonly code: string,
    readonly responseCode?: number,
    detail?: string,
  ) {
    super(responseCode === undefined ? (detail ?? code) : `HTTP ${responseCode}`);
  }
}

/**
 * fetch's own errors: a TimeoutError from the signal, or a TypeError whose cause has the socket's
 * code and words (`connect ECONNREFUSED 127.0.0.1:4198`, `self-signed certificate`).
 */
const networkFailure = (error: unknown) => {
  if (error instanceof Error && error.name === 'TimeoutError') return new WebhookFailure('TIMEOUT');
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const detail = typeof cause?.message === 'string' ? cause.message : undefined;
  return new WebhookFailure(typeof cause?.code === 'string' ? cause.code : 'NETWORK', undefined, detail);
};

/**
 * Posts one notification to WEBHOOK_URL, signed per the Standard Webhooks specification
 * (https://www.standardwebhooks.com/): `webhook-id` is the outbox row's id, the same on every
 * retry and every replica, so a receiver can drop a repeat. Only a 2xx counts as delivered; a
 * redirect is not followed (a receiver that moved is a configuration to fix, not a place to post
 * leads to unasked), so it is retried like any other failure.
 */
export function createWebhookSender(
  { url, secret, site }: WebhookSettings,
  timeoutMs: number,
  templates: MessageTemplates,
) {
  const signer = new Webhook(secret);
  const agent = userAgent(site);
  return {
    async send(notification: Notification) {
      // What happened, when, and about what, in Standard Webhooks' envelope, by the kind's template.
      const template = templates[notification.kind]?.webhook;
      if (!template) throw new Error(`webhook: ${notification.kind} não vai por webhook`);
      const body = JSON.stringify(template(notification.record as never));
      const now = new Date();
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': agent,
          'webhook-id': notification.id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signer.sign(notification.id, now, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      }).catch((error: unknown) => {
        throw networkFailure(error);
      });
      await response.body?.cancel().catch(() => {});
      if (response.status < 200 || response.status > 299) throw new WebhookFailure('HTTP', response.status);
    },
  };
}
