import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { schemas } from '../openapi/parts';
import type { Lead } from './store';

/** What each kind of lead is posted as: its record, exactly as the API shows it. */
const records: Record<Lead['kind'], z.ZodType> = { contact: schemas.Contact, quote: schemas.Quote };

/** The body posted to WEBHOOK_URL (docs/requirements.md §10.15), one per kind of lead (see webhookBody). */
const events = Object.entries(records).map(([kind, record]) =>
  z.object({ type: z.literal(`${kind}.created`), timestamp: z.iso.datetime(), data: record }),
);

const header = (description: string) => z.string().meta({ param: { description } });

/** The webhook (server/outbox/channels/webhook.ts) in the OpenAPI document's webhooks. */
export const leadCreatedWebhook: RouteConfig = {
  method: 'post',
  path: 'leadCreated',
  summary:
    'Cada novo contato ou cotação, enviado a WEBHOOK_URL e assinado conforme Standard Webhooks ' +
    '(https://www.standardwebhooks.com/)',
  request: {
    headers: z.object({
      'webhook-id': header('O mesmo em todas as tentativas de uma entrega: use-o para ignorar repetições'),
      'webhook-timestamp': header('Segundos desde 1970 (UTC) desta tentativa'),
      'webhook-signature': header('v1,<HMAC-SHA256 em base64 de "id.timestamp.corpo" com o WEBHOOK_SECRET>'),
    }),
    body: { required: true, content: { 'application/json': { schema: z.union(events) } } },
  },
  responses: {
    '2XX': {
      description:
        'Entregue. Qualquer outra resposta (redirecionamentos incluídos), ou nenhuma em 10 s, ' +
        'é tentada de novo por até 24 h',
    },
  },
};
