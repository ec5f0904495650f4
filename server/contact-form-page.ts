import type { Request } from 'express';
import { contactFields, type ContactFormState } from '../client/contact-form-state';
import type { PageVariant } from './pages';

/** Where the form without JavaScript lands after a stored request (303 See Other). */
export const CONTACT_SENT_URL = '/?contato=enviado#contact';

/** The landing page shows the confirmation when it is the target of that redirect. */
export function confirmationVariant(req: Request): PageVariant | undefined {
  if (req.path !== '/' || req.query.contato !== 'enviado') return undefined;
  return { url: req.originalUrl, status: 200, contactForm: { sent: true } };
}

/** The landing page again, with the visitor's values kept and the errors beside the fields. */
export function invalidFormVariant(body: unknown, errors: Record<string, string>): PageVariant {
  const submitted = (body ?? {}) as Record<string, unknown>;
  const contactForm: Required<Pick<ContactFormState, 'values' | 'errors'>> = { values: {}, errors: {} };
  for (const field of contactFields) {
    const value = submitted[field];
    if (typeof value === 'string') contactForm.values[field] = value;
    if (errors[field]) contactForm.errors[field] = errors[field];
  }
  return { url: '/', status: 400, contactForm };
}
