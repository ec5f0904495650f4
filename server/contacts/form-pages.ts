import type { ErrorRequestHandler, RequestHandler } from 'express';
import { contactInputSchema } from '../../shared/contact';
import type { ContactFormState } from '../../shared/contact-form';
import { RequestRefused } from '../http/refused';
import type { PageRenderer, PageVariant } from '../pages/renderer';

// The contact form without JavaScript (docs/requirements.md §4.2): its outcomes are pages.

/** Where the form lands after a stored request (303 See Other). */
export const CONTACT_SENT_URL = '/?contato=enviado#contact';

const landingWith = (status: number, contact: ContactFormState): PageVariant => ({ status, islands: { contact } });

/** The page a stored request lands on: the same for every visitor, so it is kept (server/pages/renderer.ts). */
export const CONFIRMATION = landingWith(200, { sent: true });

/** The landing page again, with the visitor's values kept and the errors beside the fields. */
export function invalidFormPage(body: unknown, errors: Record<string, string>): PageVariant {
  const submitted = (body ?? {}) as Record<string, unknown>;
  const state: Required<Pick<ContactFormState, 'values' | 'errors'>> = { values: {}, errors: {} };
  for (const field of contactInputSchema.keyof().options) {
    const value = submitted[field];
    if (typeof value === 'string') state.values[field] = value;
    if (errors[field]) state.errors[field] = errors[field];
  }
  return { ...landingWith(400, state), personal: true };
}

/** GET /?contato=enviado: the landing page showing the confirmation, the target of that redirect. */
export function confirmationPage(renderPage: PageRenderer): RequestHandler {
  return (req, res, next) => {
    // Express's "/" route also matches "//", which names no page.
    if (req.path !== '/' || req.query.contato !== 'enviado') return next();
    return renderPage(req, res, CONFIRMATION);
  };
}

/** A refused form post (its rate, its origin, its encoding) gets the page with the reason, not JSON. */
export function formErrorPages(renderPage: PageRenderer): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (!(error instanceof RequestRefused) || !req.is('application/x-www-form-urlencoded')) return next(error);
    return renderPage(req, res, landingWith(error.status, { formError: error.message }));
  };
}
