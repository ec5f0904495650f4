import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { type ReceivedRequest, type Reply, startReceiver } from './http-receiver';

/** A Standard Webhooks secret: whsec_ and 32 bytes in base64 (fixed, so a failure reproduces). */
export const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** The public address of the site the tests' webhooks come from (the User-Agent names it). */
const SITE_URL = new URL('https://www.rotanorte.com.br');

/** The webhook channel's settings, posting to `url` with the tests' secret. */
export const webhookTo = (url: string) => ({ url, secret: WEBHOOK_SECRET, site: SITE_URL });

/** The body the site posts (docs/requirements.md §10.15): a lead's record, or an erasure's (no id). */
type WebhookBody = { type: string; timestamp: string; data: Record<string, unknown> };

/** A request that verified: its webhook-id and its parsed body. */
export type Delivery = { id: string; body: WebhookBody; request: ReceivedRequest };

const asStrings = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));

/**
 * A webhook receiver on loopback that verifies every request as a CRM would, with the
 * standardwebhooks library and the secret the site signs with. A request that verifies is a
 * delivery and gets what `answer` says (204 by default); one that does not is kept in `rejected`
 * and gets 401. On `port` if given (a receiver that comes back). Call it inside a test, which closes it.
 */
export async function startWebhookReceiver({
  answer = () => ({ status: 204 }),
  port,
}: {
  answer?: (delivery: Delivery) => Reply | Promise<Reply>;
  port?: number;
} = {}) {
  const verifier = new Webhook(WEBHOOK_SECRET);
  const deliveries: Delivery[] = [];
  const rejected: ReceivedRequest[] = [];
  const { url, close } = await startReceiver((request) => {
    let body: WebhookBody;
    try {
      body = verifier.verify(request.body, asStrings(request.headers)) as WebhookBody;
    } catch {
      rejected.push(request);
      return { status: 401 };
    }
    const delivery = { id: String(request.headers['webhook-id']), body, request };
    deliveries.push(delivery);
    return answer(delivery);
  }, port);
  return { url: `${url}/webhooks/leads`, deliveries, rejected, close };
}
