import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { failureSchema, pageSchema, successSchema } from '../../shared/api/types';
import { contactFields, contactInputSchema } from '../../shared/contact';
import type { LeadFields } from '../../shared/lead';
import { leadWorkShape } from '../../shared/lead-change';
import { quoteFields, quoteInputSchema } from '../../shared/quote';
import { SUSPECT_REASONS, SUSPECT_STATES, type SuspectReason, type SuspectState } from '../../shared/spam';
import { REFUSALS, type RefusalCode } from '../http/refusals';
import { IDEMPOTENCY_KEY_PATTERN } from '../http/validation';

// What the features' descriptions of their operations share (each feature's openapi.ts): the
// component schemas, the reply envelope, the errors every kind of endpoint may answer. An `id` in a
// schema's meta makes it a component that the generator (server/composition/openapi.ts) refers to by $ref.

/** A stored lead as the API and the webhook show it: every field of its definition, in its order. */
const recordSchema = (fields: LeadFields) =>
  z.object(Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.schema])));

export const schemas = {
  ContactInput: contactInputSchema.meta({ id: 'ContactInput' }),
  Contact: recordSchema(contactFields).meta({ id: 'Contact' }),
  QuoteInput: quoteInputSchema.meta({ id: 'QuoteInput' }),
  Quote: recordSchema(quoteFields).meta({ id: 'Quote' }),
  /** A lead with the team's work on it: PATCH's reply, the updated webhooks' data (docs/requirements.md §6.2). */
  WorkedContact: recordSchema(contactFields).extend(leadWorkShape).meta({ id: 'WorkedContact' }),
  WorkedQuote: recordSchema(quoteFields).extend(leadWorkShape).meta({ id: 'WorkedQuote' }),
  /** A post held in the "Suspeitos" folder, as a person's access shows it (docs/requirements.md §10.17). */
  HeldPost: recordSchema(contactFields)
    .omit({ status: true })
    .extend({
      state: z.enum(Object.keys(SUSPECT_STATES) as [SuspectState, ...SuspectState[]]).meta({
        description: 'suspect: à espera da equipe; spam: marcado como spam.',
      }),
      reasons: z.array(z.enum(Object.keys(SUSPECT_REASONS) as [SuspectReason, ...SuspectReason[]])).meta({
        description: 'Os sinais que o fizeram esperar na pasta Suspeitos.',
      }),
    })
    .meta({ id: 'HeldPost' }),
};

export const json = (schema: z.ZodType, description: string): ResponseConfig => ({
  description,
  content: { 'application/json': { schema } },
});

/** A success reply (shared/api/types.ts): the data, and a message for people. */
export const envelope = successSchema;

/** One page of a listing, newest first. */
export const page = (item: z.ZodType) => json(pageSchema(item), 'Uma página');

/** Every failure's envelope, its code one of the catalogue's (server/http/refusals.ts). */
const Failure = failureSchema
  .extend({ code: z.enum(Object.keys(REFUSALS) as [RefusalCode, ...RefusalCode[]]) })
  .meta({ id: 'Failure' });

export const failure = (description: string) => json(Failure, description);

export const unavailable = { 503: failure('Banco de dados indisponível') };

/** The replies of an endpoint behind the admin token (docs/requirements.md §10.14), before its own. */
export const adminOnly = {
  401: failure('Token ausente ou inválido'),
  403: failure('Leituras desativadas: ADMIN_TOKEN não definido'),
  429: failure('Tokens errados demais deste endereço (TOO_MANY_WRONG_TOKENS): espere o Retry-After'),
};
export const adminToken = [{ adminToken: [] }];

type Operation = Pick<RouteConfig, 'path' | 'summary'> & Partial<Pick<RouteConfig, 'method' | 'request'>>;

/** A read (or an erasure) behind the admin token: its answer, and what else it may answer. */
export const protectedRead = (
  { method = 'get', ...operation }: Operation,
  ok: ResponseConfig,
  more: RouteConfig['responses'] = {},
): RouteConfig => ({
  method,
  ...operation,
  security: adminToken,
  responses: { 200: ok, 400: failure('Parâmetros inválidos'), ...adminOnly, ...more, ...unavailable },
});

const idempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN)
  .optional()
  .meta({
    param: {
      description:
        'Com o mesmo conteúdo, repete a primeira resposta por 24 horas; com outro conteúdo, é outra solicitação.',
    },
  });

/** A public write (docs/requirements.md §10.2, §10.3): the body in `mediaTypes`, 201 with `data`. */
export const createOperation = (
  operation: Operation,
  body: z.ZodType,
  data: z.ZodType,
  mediaTypes = ['application/json'],
): RouteConfig => ({
  method: 'post',
  ...operation,
  request: {
    headers: z.object({ 'Idempotency-Key': idempotencyKey }),
    body: { required: true, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: body }])) },
  },
  responses: {
    201: json(envelope(data), 'Criado (ou repetido com a mesma Idempotency-Key: cabeçalho Idempotent-Replayed)'),
    400: failure(
      'Campos inválidos (uma mensagem por campo em errors), JSON malformado, texto que não é UTF-8 válido ' +
        'ou Idempotency-Key inválida',
    ),
    403: failure('Enviado por um navegador a partir de outro site (Sec-Fetch-Site, ou Origin diferente de PUBLIC_URL)'),
    413: failure('Corpo acima de 16 KB, recusado antes de ser lido (ou formulário com mais de 50 campos)'),
    415: failure('Tipo de conteúdo, charset ou Content-Encoding não suportado'),
    ...unavailable,
  },
});
