import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { ApiSuccess } from '../../shared/api/types';
import { type Quote, quoteInputSchema } from '../../shared/quote';
import { auditContext, auditedListing } from '../audit/request';
import { readBody } from '../http/body';
import { listHandler } from '../http/listing';
import { allowOnly } from '../http/methods';
import { refuse, sendRefusal } from '../http/refusals';
import { jsonCreateHandler } from '../http/write';
import { etagOf, patchLead } from '../inbox/api-routes';
import type { Stores } from '../stores';

const QUOTE_CREATED_MESSAGE = 'Solicitação de cotação recebida!';

export const quoteIdSchema = z.uuid();

/**
 * POST /api/quotes (public, JSON only, from this site or from no browser, rate-limited) and the
 * protected reads of quotes.
 */
export function quotesRouter(
  stores: Pick<Stores, 'quotes' | 'audit'> & Parameters<typeof patchLead>[0],
  writeGuards: RequestHandler[],
  admin: RequestHandler,
) {
  const { quotes, audit, inbox } = stores;
  const router = Router();

  const create = jsonCreateHandler(
    quoteInputSchema,
    (fields, idempotency) => quotes.createQuote(fields, idempotency),
    QUOTE_CREATED_MESSAGE,
  );
  router
    .route('/')
    .all(allowOnly('GET', 'POST'))
    .post(...writeGuards, readBody, create)
    .get(admin, listHandler(auditedListing(audit, 'quotes', quotes.listQuotes)));
  router
    .route('/:id')
    .all(allowOnly('GET', 'PATCH'), admin)
    .patch(readBody, patchLead(stores, 'quote'))
    .get(async (req, res) => {
      const id = quoteIdSchema.safeParse(req.params.id);
      if (!id.success) return sendRefusal(req, res, refuse('INVALID_QUOTE_ID'));
      // With its version, the ETag a PATCH's If-Match names (issue 34 §5).
      const lead = await inbox.getLead(id.data);
      if (lead?.kind !== 'quote') return sendRefusal(req, res, refuse('QUOTE_NOT_FOUND'));
      const quote = lead.record;
      await audit.recordAudit({
        ...auditContext(req, res),
        action: 'lead.viewed',
        leadIds: [quote.id],
        detail: { table: 'quotes' },
      });
      res
        .set('ETag', etagOf(lead))
        .json({ success: true, message: 'Cotação encontrada.', data: quote } satisfies ApiSuccess<Quote>);
    });

  return router;
}
