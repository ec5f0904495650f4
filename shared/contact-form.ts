import type { ContactInput } from './contact';

// What the server and the contact form island both need to know about the form; no runtime
// dependency, so importing it adds nothing to the browser's bundle but these constants.

/** A field of the form: one the contact's definition takes from the client (shared/contact.ts). */
export type ContactField = keyof ContactInput;

/**
 * What the server knows about the form when it renders the page: after a post without
 * JavaScript, the confirmation, or the visitor's values with the errors to show (§4.2).
 */
export type ContactFormState = {
  sent?: boolean;
  /** A message about the whole form, e.g. the rate limit. */
  formError?: string;
  values?: Partial<Record<ContactField, string>>;
  errors?: Partial<Record<ContactField, string>>;
};

/** A field people never see or fill: a value in it means a bot sent the form (§10.9). */
export const HONEYPOT_FIELD = 'website';
