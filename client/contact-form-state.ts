import { createContext } from 'react';

export type ContactField = 'name' | 'email' | 'phone' | 'company' | 'message';

/**
 * What the server knows about the form when it renders the page: after a post without
 * JavaScript, the confirmation, or the visitor's values with the errors to show.
 */
export type ContactFormState = {
  sent?: boolean;
  /** A message about the whole form, e.g. the rate limit. */
  formError?: string;
  values?: Partial<Record<ContactField, string>>;
  errors?: Partial<Record<ContactField, string>>;
};

export const contactFields: ContactField[] = ['name', 'email', 'phone', 'company', 'message'];

export const ContactFormStateContext = createContext<ContactFormState>({});

/** A field people never see or fill: a value in it means a bot sent the form. */
export const HONEYPOT_FIELD = 'website';
