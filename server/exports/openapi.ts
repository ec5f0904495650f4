import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { adminOnly, adminToken, unavailable } from '../openapi/parts';

/** GET of a whole table as a spreadsheet file (docs/requirements.md §10.16). */
const csvExport = (path: string, summary: string): RouteConfig => ({
  method: 'get',
  path,
  summary,
  security: adminToken,
  responses: {
    200: {
      description:
        'CSV em UTF-8 com BOM, separado por ponto e vírgula, mais recentes primeiro (Content-Disposition: attachment)',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...adminOnly,
    ...unavailable,
  },
});

/** The CSV exports in the OpenAPI document (server/exports/routes.ts). */
export const exportOperations = [
  csvExport('/api/contacts.csv', 'Todas as solicitações de contato em uma planilha'),
  csvExport('/api/quotes.csv', 'Todas as cotações em uma planilha'),
];
