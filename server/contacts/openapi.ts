import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { createdSchema } from '../../shared/api/types';
import { pageQuerySchema } from '../http/listing';
import { leadPatchOperation } from '../inbox/openapi';
import { createOperation, page, protectedRead, schemas } from '../openapi/parts';

/** /api/contacts in the OpenAPI document (server/contacts/routes.ts). */
export const contactOperations: RouteConfig[] = [
  createOperation(
    { path: '/api/contacts', summary: 'Envia uma solicitação de contato' },
    schemas.ContactInput,
    createdSchema,
    ['application/json', 'application/x-www-form-urlencoded'],
  ),
  protectedRead(
    {
      path: '/api/contacts',
      summary: 'Lista as solicitações de contato, mais recentes primeiro',
      request: { query: pageQuerySchema },
    },
    page(schemas.Contact),
  ),
  leadPatchOperation(
    '/api/contacts/{id}',
    'Altera a situação, o responsável ou acrescenta uma nota a um contato',
    z.uuid(),
    schemas.WorkedContact,
    'Contato não encontrado',
  ),
];
