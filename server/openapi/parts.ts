import { z } from 'zod';
import { contactInputSchema } from '../../shared/contact';
import { quoteInputSchema } from '../../shared/quote';
import { pageQuerySchema } from '../http/listing';

// The building blocks of the OpenAPI document (server/openapi/document.ts): component schemas generated
// from the validators, and the shapes its operations share.

export type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what a client may send: the validator's own rules. */
export const jsonSchema = (schema: z.ZodType): JsonSchema => {
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

export const schemas = {
  ContactInput: jsonSchema(contactInputSchema),
  Contact: jsonSchema(z.object({ ...stored, ...contactInputSchema.shape })),
  Created: jsonSchema(z.object(stored)),
  QuoteInput: jsonSchema(quoteInputSchema),
  Quote: jsonSchema(z.object({ ...stored, status: z.literal('pending'), ...quoteInputSchema.shape })),
  Pagination: jsonSchema(z.object({ page: z.int(), limit: z.int(), total: z.int(), totalPages: z.int() })),
  Erased: jsonSchema(z.object({ contacts: z.int().min(0), quotes: z.int().min(0) })),
  Failure: jsonSchema(
    z.object({ success: z.literal(false), message: z.string(), errors: z.record(z.string(), z.string()).optional() }),
  ),
};

export const ref = (name: keyof typeof schemas) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: JsonSchema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
export const envelope = (data: JsonSchema, extra: JsonSchema = { message: { type: 'string' } }) => ({
  type: 'object',
  properties: { success: { const: true }, data, ...extra },
  required: ['success', 'data', ...Object.keys(extra)],
});
export const failure = (description: string) => json(ref('Failure'), description);

export const pageParameters = Object.entries(jsonSchema(pageQuerySchema).properties as Record<string, JsonSchema>).map(
  ([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    schema,
  }),
);

export const protectedRead = (
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
