import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { type ContactFormState, contactFormFields, contactFormSource } from '../../shared/contact-form';
import type { Source } from '../../shared/lead';
import { readBody } from '../http/body';
import { Refusal } from '../http/refusals';
import type { PageRenderer, PageVariant } from '../pages/renderer';

// The contact form without JavaScript (docs/requirements.md §4.2): its outcomes are pages.

/** Where the form lands after a stored request (303 See Other). */
export const CONTACT_SENT_URL = '/?contato=enviado#contact';

const landingWith = (status: number, contact: ContactFormState): PageVariant => ({ status, islands: { contact } });

/**
 * Where a form posted without JavaScript came from: the page and the campaign of its Referer, which
 * the browser sends in full to the page's own site (Referrer-Policy strict-origin-when-cross-origin).
 * A Referer of another site, or none, names the form alone.
 */
export function formSource(req: Request, publicUrl: URL): Source {
  const referer = URL.parse(req.get('Referer') ?? '');
  const ours = referer !== null && [req.get('Host'), publicUrl.host].includes(referer.host);
  return contactFormSource(ours ? referer : { pathname: '', search: '' });
}

/** The page a stored request lands on: the same for every visitor, so it is kept (server/pages/renderer.ts). */
export const CONFIRMATION = landingWith(200, { sent: true });

/** The landing page again with the visitor's values kept, and what to show beside the fields or above them. */
function withValues(status: number, body: unknown, shown: Pick<ContactFormState, 'errors' | 'formError'>) {
  const submitted = (body ?? {}) as Record<string, unknown>;
  const values: NonNullable<ContactFormState['values']> = {};
  for (const field of contactFormFields) {
    const value = submitted[field];
    if (typeof value === 'string') values[field] = value;
  }
  return { ...landingWith(status, { values, ...shown }), personal: true } satisfies PageVariant;
}

/** The landing page again, with the visitor's values kept and the errors beside the fields. */
export function invalidFormPage(body: unknown, errors: Record<string, string>): PageVariant {
  const fields = contactFormFields.filter((field) => errors[field]);
  return withValues(400, body, { errors: Object.fromEntries(fields.map((field) => [field, errors[field]])) });
}

/** GET /?contato=enviado: the landing page showing the confirmation, the target of that redirect. */
export function confirmationPage(renderPage: PageRenderer): RequestHandler {
  return (req, res, next) => {
    // Express's "/" route also matches "//", which names no page.
    if (req.path !== '/' || req.query.contato !== 'enviado') return next();
    return renderPage(req, res, CONFIRMATION);
  };
}

/**
 * A refused form post (its rate, its origin, its encoding) gets the page with the reason, not JSON.
 * Over the rate limit, the visitor's values are kept, as after a typo (docs/requirements.md §4.2):
 * the limit is met before the body is read, so it is read here, within the usual 16 KB.
 */
export function formErrorPages(renderPage: PageRenderer): ErrorRequestHandler {
  return (error, req, res, next) => {
    // A form posts: a body sent with another method is no visitor's, and gets the API's JSON.
    if (!(error instanceof Refusal) || req.method !== 'POST' || !req.is('application/x-www-form-urlencoded')) {
      return next(error);
    }
    const reason = landingWith(error.status, { formError: error.message });
    // boundBody has already asked for the connection to close: a post carries a body.
    const render = (unreadable?: unknown) => {
      const kept = error.status === 429 && !unreadable && req.body !== undefined;
      return renderPage(req, res, kept ? withValues(error.status, req.body, { formError: error.message }) : reason);
    };
    // Express leaves req.body undefined until readBody has read it.
    return error.status === 429 && req.body === undefined ? readBody(req, res, render) : render();
  };
}
