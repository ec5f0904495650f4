import type { ContactInput } from './contact';
import type { Source } from './lead';

// What the server and the contact form island both need to know about the form; no runtime
// dependency, so importing it adds nothing to the browser's bundle but what is written here.

/** A field of the form: one the contact's definition takes from the visitor (shared/contact.ts). */
export type ContactField = Exclude<keyof ContactInput, 'source'>;

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

/** The contact form, as a lead's source names it. */
const CONTACT_FORM = 'contato';

const CAMPAIGN = { utmSource: 'utm_source', utmMedium: 'utm_medium', utmCampaign: 'utm_campaign' } as const;

/**
 * Where a contact sent with the form came from (docs/requirements.md §10.19): the form, the page's
 * path, and the campaign the page's address names. The island reads its own address; the server,
 * for the form without JavaScript, the Referer the browser sends to its own site.
 */
export function contactFormSource({ pathname, search }: Pick<URL, 'pathname' | 'search'>): Source {
  const query = new URLSearchParams(search);
  const source: Source = { form: CONTACT_FORM, page: pathname };
  for (const [part, parameter] of Object.entries(CAMPAIGN)) {
    const value = query.get(parameter)?.trim();
    if (value) source[part as keyof typeof CAMPAIGN] = value;
  }
  return source;
}
