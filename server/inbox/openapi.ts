import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { failureSchema } from '../../shared/api/types';
import { leadChangeSchema } from '../../shared/lead-change';
import { adminOnly, adminToken, envelope, failure, json, unavailable } from '../openapi/parts';

// PATCH /api/contacts/{id} and /api/quotes/{id} in the OpenAPI document (server/inbox/api-routes.ts).

const etag = { ETag: z.string().meta({ description: 'A versão do lead, como ETag forte: "3"' }) };

/** The PATCH of one kind of lead: `worked` is its record with the team's work. */
export const leadPatchOperation = (
  path: string,
  summary: string,
  id: z.ZodType,
  worked: z.ZodType,
  notFound: string,
): RouteConfig => ({
  method: 'patch',
  path,
  summary,
  security: adminToken,
  request: {
    params: z.object({ id }),
    headers: z.object({
      'If-Match': z
        .string()
        .optional()
        .meta({
          param: {
            description:
              'A ETag lida (GET ou PATCH anterior), como "3": se o lead mudou desde então, nada é alterado e a ' +
              'resposta é 412 com o lead como está. Sem If-Match, a alteração vale sobre a versão atual.',
          },
        }),
    }),
    body: { required: true, content: { 'application/json': { schema: leadChangeSchema } } },
  },
  responses: {
    200: { ...json(envelope(worked), 'O lead como ficou, com notas e versão'), headers: z.object(etag) },
    400: failure('Campos inválidos (uma mensagem por campo em errors), id malformado ou JSON malformado'),
    ...adminOnly,
    404: failure(notFound),
    412: {
      ...json(failureSchema.extend({ data: worked }), 'If-Match desatualizado (LEAD_CHANGED): data traz o lead agora'),
      headers: z.object(etag),
    },
    415: failure('Corpo que não é application/json'),
    ...unavailable,
  },
});
