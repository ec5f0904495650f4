import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { pageQuerySchema } from '../http/listing';
import { leadPatchOperation } from '../inbox/openapi';
import { createOperation, envelope, failure, json, page, protectedRead, schemas } from '../openapi/parts';
import { quoteIdSchema } from './routes';

/** /api/quotes in the OpenAPI document (server/quotes/routes.ts). */
export const quoteOperations: RouteConfig[] = [
  createOperation(
    { path: '/api/quotes', summary: 'Envia uma solicitação de cotação' },
    schemas.QuoteInput,
    schemas.Quote,
  ),
  protectedRead(
    {
      path: '/api/quotes',
      summary: 'Lista as cotações, mais recentes primeiro',
      request: { query: pageQuerySchema },
    },
    page(schemas.Quote),
  ),
  protectedRead(
    {
      path: '/api/quotes/{id}',
      summary: 'Busca uma cotação pelo id',
      request: { params: z.object({ id: quoteIdSchema }) },
    },
    { ...json(envelope(schemas.Quote), 'A cotação'), headers: z.object({ ETag: z.string() }) },
    { 404: failure('Cotação não encontrada') },
  ),
  leadPatchOperation(
    '/api/quotes/{id}',
    'Altera a situação, o responsável ou acrescenta uma nota a uma cotação',
    quoteIdSchema,
    schemas.WorkedQuote,
    'Cotação não encontrada',
  ),
];
