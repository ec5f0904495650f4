import { Router } from 'express';
import { subjectQuerySchema } from '../personal-data/subjects';
import { quoteIdSchema } from '../quotes/routes';
import {
  envelope,
  failure,
  type JsonSchema,
  json,
  jsonSchema,
  pageParameters,
  protectedRead,
  ref,
  schemas,
} from './parts';

const create = (summary: string, input: JsonSchema, data: JsonSchema, mediaTypes: string[]) => ({
  summary,
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
      description:
        'Com o mesmo conteúdo, repete a primeira resposta por 24 horas; com outro conteúdo, é outra solicitação.',
    },
  ],
  requestBody: { required: true, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: input }])) },
  responses: {
    201: json(envelope(data), 'Criado (ou repetido com a mesma Idempotency-Key: cabeçalho Idempotent-Replayed)'),
    400: failure(
      'Campos inválidos (uma mensagem por campo em errors), JSON malformado, texto que não é UTF-8 válido ou Idempotency-Key inválida',
    ),
    403: failure('Enviado por um navegador a partir de outro site (Sec-Fetch-Site, ou Origin diferente de PUBLIC_URL)'),
    413: failure('Corpo acima de 16 KB, recusado antes de ser lido (ou formulário com mais de 50 campos)'),
    415: failure('Tipo de conteúdo, charset ou Content-Encoding não suportado'),
    503: failure('Banco de dados indisponível'),
  },
});

const health = json(
  { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
  'Estado do serviço',
);
const count = { type: 'integer', minimum: 0 };
const deliveries = { type: 'object', properties: { pending: count, failed: count }, required: ['pending', 'failed'] };
const readiness = json(
  {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['ready', 'draining', 'unavailable'] },
      // The totals, then each channel's: waiting, and given up but still in the database.
      outbox: {
        type: 'object',
        properties: { ...deliveries.properties, email: deliveries, webhook: deliveries },
        required: ['pending', 'failed', 'email', 'webhook'],
      },
    },
    required: ['status'],
  },
  'Prontidão para receber tráfego',
);

/** GET of a whole table as a spreadsheet file (docs/requirements.md §10.16). */
const csvExport = (summary: string) => ({
  summary,
  security: [{ adminToken: [] }],
  responses: {
    200: {
      description:
        'CSV em UTF-8 com BOM, separado por ponto e vírgula, mais recentes primeiro (Content-Disposition: attachment)',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
    401: failure('Token ausente ou inválido'),
    403: failure('Leituras desativadas: ADMIN_TOKEN não definido'),
    503: failure('Banco de dados indisponível'),
  },
});

const subjectParameters = [
  {
    name: 'email',
    in: 'query',
    required: true,
    schema: (jsonSchema(subjectQuerySchema).properties as Record<string, JsonSchema>).email,
  },
];

/** The body posted to WEBHOOK_URL (docs/requirements.md §10.15), for one kind of lead. */
const webhookEvent = (type: string, data: JsonSchema) => ({
  type: 'object',
  properties: { type: { const: type }, timestamp: { type: 'string', format: 'date-time' }, data },
  required: ['type', 'timestamp', 'data'],
});
const webhookHeader = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'string' },
  description,
});

/** The API's OpenAPI 3.1 description, built once from the same zod schemas the handlers validate with. */
const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'API do site da transportadora', version: '1.0.0' },
  paths: {
    '/health': {
      get: { summary: 'Responde 200 enquanto o banco de dados responde', responses: { 200: health, 503: health } },
    },
    '/health/ready': {
      get: {
        summary:
          'Responde 503 durante o encerramento ou sem banco; mostra as entregas pendentes e abandonadas por canal',
        responses: { 200: readiness, 503: readiness },
      },
    },
    '/api/contacts': {
      post: create('Envia uma solicitação de contato', ref('ContactInput'), ref('Created'), [
        'application/json',
        'application/x-www-form-urlencoded',
      ]),
      get: protectedRead(
        'Lista as solicitações de contato, mais recentes primeiro',
        json(envelope({ type: 'array', items: ref('Contact') }, { pagination: ref('Pagination') }), 'Uma página'),
        pageParameters,
      ),
    },
    '/api/quotes': {
      post: create('Envia uma solicitação de cotação', ref('QuoteInput'), ref('Quote'), ['application/json']),
      get: protectedRead(
        'Lista as cotações, mais recentes primeiro',
        json(envelope({ type: 'array', items: ref('Quote') }, { pagination: ref('Pagination') }), 'Uma página'),
        pageParameters,
      ),
    },
    '/api/quotes/{id}': {
      get: protectedRead(
        'Busca uma cotação pelo id',
        json(envelope(ref('Quote')), 'A cotação'),
        [{ name: 'id', in: 'path', required: true, schema: jsonSchema(quoteIdSchema) }],
        { 404: failure('Cotação não encontrada') },
      ),
    },
    '/api/contacts.csv': { get: csvExport('Todas as solicitações de contato em uma planilha') },
    '/api/quotes.csv': { get: csvExport('Todas as cotações em uma planilha') },
    '/api/subjects': {
      get: protectedRead(
        'Tudo o que está guardado com este e-mail, em qualquer caixa (LGPD art. 18: confirmação e acesso); registrado na auditoria',
        json(
          envelope({
            type: 'object',
            properties: {
              contacts: { type: 'array', items: ref('Contact') },
              quotes: { type: 'array', items: ref('Quote') },
            },
            required: ['contacts', 'quotes'],
          }),
          'Os contatos e as cotações deste e-mail, mais recentes primeiro',
        ),
        subjectParameters,
      ),
      delete: protectedRead(
        'Apaga tudo o que está guardado com este e-mail, com as cópias ainda não entregues (LGPD art. 18: eliminação); registrado na auditoria',
        json(envelope(ref('Erased')), 'Quantos contatos e cotações foram apagados'),
        subjectParameters,
      ),
    },
    '/api/openapi.json': { get: { summary: 'Este documento', responses: { 200: { description: 'OpenAPI 3.1' } } } },
    '/metrics': {
      get: {
        summary: 'Métricas desta réplica no formato de texto do Prometheus',
        security: [{ adminToken: [] }],
        responses: {
          200: {
            description: 'Métricas (text/plain; version=0.0.4)',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          401: failure('Token ausente ou inválido'),
          403: failure('Leituras desativadas: ADMIN_TOKEN não definido'),
        },
      },
    },
  },
  webhooks: {
    leadCreated: {
      post: {
        summary:
          'Cada novo contato ou cotação, enviado a WEBHOOK_URL e assinado conforme Standard Webhooks (https://www.standardwebhooks.com/)',
        parameters: [
          webhookHeader('webhook-id', 'O mesmo em todas as tentativas de uma entrega: use-o para ignorar repetições'),
          webhookHeader('webhook-timestamp', 'Segundos desde 1970 (UTC) desta tentativa'),
          webhookHeader('webhook-signature', 'v1,<HMAC-SHA256 em base64 de "id.timestamp.corpo" com o WEBHOOK_SECRET>'),
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: [webhookEvent('contact.created', ref('Contact')), webhookEvent('quote.created', ref('Quote'))],
              },
            },
          },
        },
        responses: {
          '2XX': {
            description:
              'Entregue. Qualquer outra resposta (redirecionamentos incluídos), ou nenhuma em 10 s, é tentada de novo por até 24 h',
          },
        },
      },
    },
  },
  components: {
    schemas,
    securitySchemes: { adminToken: { type: 'http', scheme: 'bearer', description: 'O valor de ADMIN_TOKEN' } },
  },
};

export function openApiRouter() {
  return Router().get('/', (_req, res) => {
    res.json(openApiDocument);
  });
}
