import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { schemas } from '../openapi/parts';

// The webhooks (server/outbox/channels/webhook.ts) in the OpenAPI document's webhooks: every body
// in Standard Webhooks' envelope { type, timestamp, data }, with an example of each type.

const event = (type: string, data: z.ZodType) => z.object({ type: z.literal(type), timestamp: z.iso.datetime(), data });

/** Each body posted to WEBHOOK_URL (docs/requirements.md §10.15, §10.17), by its type. */
export const webhookEvents = {
  'contact.created': event('contact.created', schemas.Contact),
  'quote.created': event('quote.created', schemas.Quote),
  'contact.updated': event('contact.updated', schemas.WorkedContact),
  'quote.updated': event('quote.updated', schemas.WorkedQuote),
  'subject.erased': event(
    'subject.erased',
    z.object({
      email: z.email().meta({
        description: 'O endereço cujos dados foram apagados, como foi pedido (sem distinção de maiúsculas)',
      }),
      contacts: z.array(z.uuid()).meta({ description: 'Os contatos apagados que este webhook pode ter recebido' }),
      quotes: z.array(z.uuid()).meta({ description: 'As cotações apagadas que este webhook pode ter recebido' }),
    }),
  ),
  'quote.accepted': event(
    'quote.accepted',
    z.object({
      quote: schemas.WorkedQuote,
      proposal: z.object({
        id: z.uuid(),
        priceCents: z.int().positive().meta({ description: 'O preço aceito, em centavos de real' }),
        includes: z.object({
          toll: z.boolean().meta({ description: 'Pedágio incluído' }),
          insurance: z.boolean().meta({ description: 'Seguro da carga incluído' }),
          icms: z.boolean().meta({ description: 'ICMS incluído' }),
          text: z.string().optional().meta({ description: 'O que mais o preço inclui, como a equipe escreveu' }),
        }),
        validUntil: z.iso.date(),
        pickupWindow: z.object({ from: z.iso.date(), to: z.iso.date() }),
        conditions: z.string().optional(),
        sentAt: z.iso.datetime(),
        acceptedBy: z.string().meta({ description: 'O nome ou e-mail que o cliente digitou ao aceitar' }),
      }),
    }),
  ),
};

const source = { form: 'contato', page: '/', utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'frete-norte' };

/** One body of each type, as the site posts it (a test checks each against its schema). */
export const webhookExamples: { [Type in keyof typeof webhookEvents]: z.input<(typeof webhookEvents)[Type]> } = {
  'contact.created': {
    type: 'contact.created',
    timestamp: '2026-11-22T12:30:00.000Z',
    data: {
      id: '0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab',
      status: 'new',
      name: 'Ana Souza',
      email: 'ana@empresa.com.br',
      phone: '(91) 3222-1100',
      company: 'Bebidas do Norte',
      message: 'Frete São Paulo → Manaus, 28 t por mês.',
      createdAt: '2026-11-22T12:30:00.000Z',
      source,
    },
  },
  'quote.created': {
    type: 'quote.created',
    timestamp: '2026-11-22T13:05:00.000Z',
    data: {
      id: '5d1e8a90-3c4b-4f6e-9a7d-2b8c0e1f3a45',
      status: 'new',
      createdAt: '2026-11-22T13:05:00.000Z',
      name: 'Carlos Lima',
      email: 'carlos@bebidasdonorte.com.br',
      phone: '+55 (91) 98765-4321',
      cnpj: '12.ABC.345/01DE-35',
      origin: { city: 'Campinas', state: 'SP' },
      destination: { city: 'Belém', state: 'PA' },
      cargoType: 'granel_liquido',
      segment: 'bebidas',
      weightTons: 27.5,
      vehicle: '28t',
      goodsValue: 150000,
      pickupDate: '2099-12-31',
      frequency: 'mensal',
      source: { form: 'cotacao', page: '/cotacao' },
    },
  },
  'contact.updated': {
    type: 'contact.updated',
    timestamp: '2026-11-22T13:10:00.000Z',
    data: {
      id: '0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab',
      status: 'lost',
      name: 'Ana Souza',
      email: 'ana@empresa.com.br',
      message: 'Frete São Paulo → Manaus, 28 t por mês.',
      createdAt: '2026-11-22T12:30:00.000Z',
      source,
      lostReason: 'Fechou com outra transportadora',
      owner: { name: 'Bruno Vendas', email: 'bruno@rotanorte.com.br' },
      respondedAt: '2026-11-22T12:50:00.000Z',
      version: 4,
      updatedAt: '2026-11-22T13:10:00.000Z',
      notes: [{ author: 'Bruno Vendas', body: 'Pediu proposta até sexta.', createdAt: '2026-11-22T12:51:00.000Z' }],
    },
  },
  'quote.updated': {
    type: 'quote.updated',
    timestamp: '2026-11-22T13:20:00.000Z',
    data: {
      id: '5d1e8a90-3c4b-4f6e-9a7d-2b8c0e1f3a45',
      status: 'contacted',
      createdAt: '2026-11-22T13:05:00.000Z',
      name: 'Carlos Lima',
      email: 'carlos@bebidasdonorte.com.br',
      origin: { city: 'Campinas', state: 'SP' },
      destination: { city: 'Belém', state: 'PA' },
      cargoType: 'bebidas',
      weightTons: 27.5,
      owner: null,
      respondedAt: '2026-11-22T13:20:00.000Z',
      version: 2,
      updatedAt: '2026-11-22T13:20:00.000Z',
      notes: [{ author: 'API', body: 'Ligação feita pelo CRM.', createdAt: '2026-11-22T13:20:00.000Z' }],
    },
  },
  'subject.erased': {
    type: 'subject.erased',
    timestamp: '2026-12-01T18:00:00.000Z',
    data: {
      email: 'ana@empresa.com.br',
      contacts: ['0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab'],
      quotes: [],
    },
  },
  'quote.accepted': {
    type: 'quote.accepted',
    timestamp: '2026-11-24T14:02:00.000Z',
    data: {
      quote: {
        id: '5d1e8a90-3c4b-4f6e-9a7d-2b8c0e1f3a45',
        status: 'won',
        createdAt: '2026-11-22T13:05:00.000Z',
        name: 'Carlos Lima',
        email: 'carlos@bebidasdonorte.com.br',
        origin: { city: 'Campinas', state: 'SP' },
        destination: { city: 'Belém', state: 'PA' },
        cargoType: 'granel_liquido',
        weightTons: 27.5,
        vehicle: '28t',
        owner: { name: 'Bruno Vendas', email: 'bruno@rotanorte.com.br' },
        respondedAt: '2026-11-22T13:20:00.000Z',
        version: 4,
        updatedAt: '2026-11-24T14:02:00.000Z',
        notes: [],
      },
      proposal: {
        id: '9a3f6c21-7b4e-4d8a-b1c2-3e4f5a6b7c8d',
        priceCents: 1_250_000,
        includes: { toll: true, insurance: true, icms: false, text: 'descarga' },
        validUntil: '2026-11-29',
        pickupWindow: { from: '2026-11-26', to: '2026-11-27' },
        conditions: 'Pagamento em 30 dias.',
        sentAt: '2026-11-22T15:40:00.000Z',
        acceptedBy: 'Carlos Lima',
      },
    },
  },
};

const header = (description: string) => z.string().meta({ param: { description } });

/** Standard Webhooks' three headers, on every post (https://www.standardwebhooks.com/). */
const signed = z.object({
  'webhook-id': header('O mesmo em todas as tentativas de uma entrega: use-o para ignorar repetições'),
  'webhook-timestamp': header('Segundos desde 1970 (UTC) desta tentativa'),
  'webhook-signature': header('v1,<HMAC-SHA256 em base64 de "id.timestamp.corpo" com o WEBHOOK_SECRET>'),
});

const delivered = {
  '2XX': {
    description:
      'Entregue. Qualquer outra resposta (redirecionamentos incluídos), ou nenhuma em 10 s, ' +
      'é tentada de novo por até 24 h',
  },
};

/** A webhook of the given types, their bodies and examples. */
const webhook = (path: string, summary: string, types: (keyof typeof webhookEvents)[]): RouteConfig => ({
  method: 'post',
  path,
  summary,
  request: {
    headers: signed,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: types.length === 1 ? webhookEvents[types[0]!] : z.union(types.map((type) => webhookEvents[type])),
          examples: Object.fromEntries(types.map((type) => [type, { value: webhookExamples[type] }])),
        },
      },
    },
  },
  responses: delivered,
});

export const webhooks = [
  webhook(
    'leadCreated',
    'Cada novo contato ou cotação, enviado a WEBHOOK_URL e assinado conforme Standard Webhooks, com sua procedência',
    ['contact.created', 'quote.created'],
  ),
  webhook(
    'leadUpdated',
    'Cada alteração da equipe (situação, responsável, nota) num contato ou cotação, pelo painel ou pelo PATCH: ' +
      'o lead como ficou, como o PATCH o devolve, assinado como os demais',
    ['contact.updated', 'quote.updated'],
  ),
  webhook(
    'subjectErased',
    'Os dados de um titular apagados a seu pedido (LGPD art. 18 §6): os contatos e cotações que este webhook pode ' +
      'ter recebido e o endereço, para apagá-los também',
    ['subject.erased'],
  ),
  webhook(
    'quoteAccepted',
    'Uma proposta aceita pelo cliente na página do link que recebeu por e-mail: a cotação como ficou (Ganho) e a ' +
      'proposta aceita, uma vez por proposta, assinado como os demais',
    ['quote.accepted'],
  ),
];
