import { Router } from 'express';
import { z } from 'zod';
import { contactInputSchema } from '../../shared/contact';
import { quoteInputSchema } from '../../shared/quote';
import { pageQuerySchema } from './listing';
import { quoteIdSchema } from './quotes';

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what a client may send: the validator's own rules. */
const jsonSchema = (schema: z.ZodType): JsonSchema => {
  // Refinements (a pickup date not in the past, weight within the vehicle) have no JSON Schema form;
  // they stay in the validator and in the 400 reply.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  });
  return rest;
};

const stored = { id: z.uuid(), createdAt: z.iso.datetime() };

const schemas = {
  ContactInput: jsonSchema(contactInputSchema),
  Contact: jsonSchema(z.object({ ...stored, ...contactInputSchema.shape })),
  Created: jsonSchema(z.object(stored)),
  QuoteInput: jsonSchema(quoteInputSchema),
  Quote: jsonSchema(z.object({ ...stored, status: z.literal('pending'), ...quoteInputSchema.shape })),
  Pagination: jsonSchema(z.object({ page: z.int(), limit: z.int(), total: z.int(), totalPages: z.int() })),
  Failure: jsonSchema(
    z.object({ success: z.literal(false), message: z.string(), errors: z.record(z.string(), z.string()).optional() }),
  ),
};

const ref = (name: keyof typeof schemas) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const envelope = (data: JsonSchema, extra: JsonSchema = { message: { type: 'string' } }) => ({
  type: 'object',
  properties: { success: { const: true }, data, ...extra },
  required: ['success', 'data', ...Object.keys(extra)],
});
const failure = (description: string) => json(ref('Failure'), description);

const pageParameters = Object.entries(jsonSchema(pageQuerySchema).properties as Record<string, JsonSchema>).map(
  ([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    schema,
  }),
);

const protectedRead = (
  summary: string,
  ok: ReturnType<typeof json>,
  parameters: unknown[],
  extra: Record<string, unknown> = {},
) => ({
  summary,
  security: [{ adminToken: [] }],
  parameters,
  responses: {
    200: ok,
    400: failure('Parâmetros inválidos'),
    401: failure('Token ausente ou inválido'),
    403: failure('Leituras desativadas: ADMIN_TOKEN não definido'),
    ...extra,
    503: failure('Banco de dados indisponível'),
  },
});

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
const readiness = json(
  {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['ready', 'draining', 'unavailable'] },
      outbox: { type: 'object', properties: { pending: { type: 'integer', minimum: 0 } } },
    },
    required: ['status'],
  },
  'Prontidão para receber tráfego',
);

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
        summary: 'Responde 503 durante o encerramento ou sem banco; mostra as notificações pendentes',
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
