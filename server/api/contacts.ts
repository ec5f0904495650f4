import { Router } from 'express';
import { contactInputSchema } from '../../shared/contact';
import { CONTACT_SENT_URL, invalidFormVariant } from '../contact-form-page';
import type { Repository } from '../db/repository';
import type { PageRenderer } from '../pages';
import { requireAdmin } from './admin';
import { readBody } from './body';
import { createHandler } from './create';
import { listHandler } from './listing';
import { fieldErrors } from './validation';

export const CONTACT_CREATED_MESSAGE = 'Solicitação enviada com sucesso!';

export function contactsRouter(repository: Repository, renderPage: PageRenderer, adminToken: string | undefined) {
  const router = Router();

  router.post(
    '/',
    ...readBody,
    createHandler({
      schema: contactInputSchema,
      create: (fields, idempotency) => repository.createContact(fields, idempotency),
      createdMessage: CONTACT_CREATED_MESSAGE,
      // The form without JavaScript: the page again with the errors, or the confirmation (303).
      form: {
        invalid: (req, res, error) => renderPage(req, res, invalidFormVariant(req.body, fieldErrors(error))),
        stored: (_req, res) => res.redirect(303, CONTACT_SENT_URL),
      },
    }),
  );
  router.get('/', requireAdmin(adminToken), listHandler((page, limit) => repository.listContacts(page, limit)));

  return router;
}
