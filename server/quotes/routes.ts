import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { ApiSuccess } from '../../shared/api/types';
import { STAMP_FIELD } from '../../shared/contact-form';
import type { MunicipalityIndex } from '../../shared/municipalities';
import type { Quote } from '../../shared/quote';
import { QUOTE_SENT_PATH, quoteBodyFromForm } from '../../shared/quote-form';
import { trapped } from '../contacts/honeypot';
import type { LeadRouteDeps } from '../contacts/routes';
import { bodyKind, readBody } from '../http/body';
import { listHandler } from '../http/listing';
import { loggedPath } from '../http/log-text';
import { allowOnly } from '../http/methods';
import { refuse, sendRefusal } from '../http/refusals';
import { markReplay, replyJson, validateAndStore } from '../http/write';
import { etagOf, patchLead } from '../inbox/api-routes';
import { auditedListing } from '../leads/listing';
import { auditContext } from '../module/audit';
import type { Verdict } from '../spam/judge';
import type { ClientSignals } from '../spam/signals';
import { invalidQuotePage, postedValues, quoteFormSourceOf } from './form-pages';
import { quoteValidator } from './validation';

const QUOTE_CREATED_MESSAGE = 'Solicitação de cotação recebida!';

export const quoteIdSchema = z.uuid();

type QuoteDeps = LeadRouteDeps<'quotes'> & {
  /** The IBGE municipalities a quote's places are resolved from (server/quotes/places.ts). */
  municipalities: MunicipalityIndex;
};

/**
 * /api/quotes: a quote request, sent as JSON by the quote form's island or an API client, or posted
 * by the form without JavaScript (docs/requirements.md §4.5, §10), and the protected reads.
 */
export function quotesRouter(deps: QuoteDeps) {
  const { stores, renderPage, logger, writeGuards, admin, publicUrl, stamps } = deps;
  const { quotes, audit, inbox } = stores;
  const validator = quoteValidator(deps.municipalities);

  const post: RequestHandler = async (req, res) => {
    const kind = bodyKind(req);
    if (!kind) return sendRefusal(req, res, refuse('UNSUPPORTED_MEDIA_TYPE'));
    // What the client sent beside the fields, read before validation drops it (docs/requirements.md §10.9).
    const client: ClientSignals = { honeypot: trapped(req.body), stamp: stamps.check(req.body?.[STAMP_FIELD]) };
    const posted = req.body;
    if (kind === 'form') req.body = quoteBodyFromForm(postedValues(posted), quoteFormSourceOf(req, publicUrl));
    let verdict: Verdict | undefined;
    const result = await validateAndStore(req, validator, async (fields, key) => {
      const received = await quotes.receiveQuote(fields, client, key);
      verdict = received.verdict;
      return received.result;
    });
    // A suspect is answered exactly as a lead: a bot learns nothing.
    if (verdict?.suspect) {
      const reasons = verdict.findings.map((finding) => finding.reason);
      logger.info({ path: loggedPath(req.path), reasons, score: verdict.score }, 'cotação retida como suspeita');
    }
    if (kind === 'json') return replyJson<Quote>(req, res, result, QUOTE_CREATED_MESSAGE);
    markReplay(res, result);
    if (result.outcome === 'created' || result.outcome === 'replayed') return res.redirect(303, QUOTE_SENT_PATH);
    if (result.outcome === 'invalid') return renderPage(req, res, invalidQuotePage(posted, result.errors));
    return replyJson(req, res, result, QUOTE_CREATED_MESSAGE);
  };

  const router = Router();
  router
    .route('/')
    .all(allowOnly('GET', 'POST'))
    .post(...writeGuards, readBody, post)
    .get(admin, listHandler(auditedListing(audit, 'quotes', quotes.listQuotes)));
  router
    .route('/:id')
    .all(allowOnly('GET', 'PATCH'), admin)
    .patch(readBody, patchLead(stores, 'quote'))
    .get(async (req, res) => {
      const id = quoteIdSchema.safeParse(req.params.id);
      if (!id.success) return sendRefusal(req, res, refuse('INVALID_QUOTE_ID'));
      // With its version, the ETag a PATCH's If-Match names (docs/requirements.md §6.2).
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
