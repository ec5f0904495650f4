import { type RequestHandler, Router } from 'express';
import { contactInputSchema } from '../../shared/contact';
import { STAMP_FIELD } from '../../shared/contact-form';
import { bodyKind, readBody } from '../http/body';
import { listHandler } from '../http/listing';
import { loggedPath } from '../http/log-text';
import { allowOnly } from '../http/methods';
import { refuse, sendRefusal } from '../http/refusals';
import { markReplay, replyJson, validateAndStore, type WriteOutcome } from '../http/write';
import { patchLead } from '../inbox/api-routes';
import { auditedListing } from '../leads/listing';
import type { RenderStamps } from '../pages/render-stamp';
import type { PageRenderer } from '../pages/renderer';
import type { Logger } from '../process/logger';
import type { Verdict } from '../spam/judge';
import type { ClientSignals } from '../spam/signals';
import type { Stores } from '../stores';
import { CONTACT_SENT_URL, formSource, invalidFormPage } from './form-pages';
import { trapped } from './honeypot';

const CONTACT_CREATED_MESSAGE = 'Solicitação enviada com sucesso!';

/** What a lead's routes need, contacts' and quotes' alike (server/quotes/routes.ts adds its places). */
export type LeadRouteDeps<Store extends 'contacts' | 'quotes'> = {
  stores: Pick<Stores, Store | 'audit'> & Parameters<typeof patchLead>[0];
  renderPage: PageRenderer;
  logger: Logger;
  /** The cross-site check and the rate limits, shared with the other POST endpoints (one count per client). */
  writeGuards: RequestHandler[];
  /** The API token's guard (server/http/admin.ts). */
  admin: RequestHandler;
  /** The site's address: a Referer of its own pages tells where a form came from. */
  publicUrl: URL;
  /**
   * The render stamps of the pages with a lead form (docs/requirements.md §10.9): a post's tells how long after the
   * page it came.
   */
  stamps: Pick<RenderStamps, 'check'>;
};

/**
 * /api/contacts: the contact request, sent as JSON by the form's island or posted by the form
 * without JavaScript (docs/requirements.md §4, §10), and the protected listing of what was stored.
 */
export function contactRoutes(deps: LeadRouteDeps<'contacts'>) {
  const { stores, renderPage, logger, writeGuards, admin, publicUrl, stamps } = deps;
  const { contacts, audit } = stores;
  const post: RequestHandler = async (req, res) => {
    const kind = bodyKind(req);
    if (!kind) return sendRefusal(req, res, refuse('UNSUPPORTED_MEDIA_TYPE'));
    // A form posted without JavaScript says where it came from in its Referer (docs/requirements.md §10.19).
    if (kind === 'form') req.body = { ...req.body, source: formSource(req, publicUrl) };
    // What the client sent beside the fields, read before validation drops it (docs/requirements.md §10.9).
    const client: ClientSignals = {
      honeypot: trapped(req.body),
      stamp: stamps.check(req.body?.[STAMP_FIELD]),
    };
    let verdict: Verdict | undefined;
    const result: WriteOutcome<unknown> = await validateAndStore(req, contactInputSchema, async (fields, key) => {
      const received = await contacts.receiveContact(fields, client, key);
      verdict = received.verdict;
      return received.result;
    });
    // A suspect is answered exactly as a lead: a bot learns nothing.
    if (verdict?.suspect) {
      const reasons = verdict.findings.map((finding) => finding.reason);
      logger.info({ path: loggedPath(req.path), reasons, score: verdict.score }, 'contato retido como suspeito');
    }
    if (kind === 'json') return replyJson(req, res, result, CONTACT_CREATED_MESSAGE);
    markReplay(res, result);
    if (result.outcome === 'created' || result.outcome === 'replayed') return res.redirect(303, CONTACT_SENT_URL);
    if (result.outcome === 'invalid') return renderPage(req, res, invalidFormPage(req.body, result.errors));
    // A key problem needs a header no browser form sends: whoever sent it reads JSON.
    return replyJson(req, res, result, CONTACT_CREATED_MESSAGE);
  };

  const router = Router();
  router
    .route('/')
    .all(allowOnly('GET', 'POST'))
    .post(...writeGuards, readBody, post)
    .get(admin, listHandler(auditedListing(audit, 'contacts', contacts.listContacts)));
  router.route('/:id').all(allowOnly('PATCH'), admin).patch(readBody, patchLead(stores, 'contact'));
  return router;
}
