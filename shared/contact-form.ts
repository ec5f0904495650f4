import type { ContactInput } from './contact';
import type { Source } from './lead';

// What the server and the contact form island both need to know about the form; no runtime
// dependency, so importing it adds nothing to the browser's bundle but what is written here.

/** A field of the form: one the contact's definition takes from the visitor (shared/contact.ts). */
export type ContactField = Exclude<keyof ContactInput, 'source'>;

/** Whether the contact's schema requires the field: a field it may go without takes undefined. */
type RequiredBySchema<F extends ContactField> = undefined extends ContactInput[F] ? false : true;

type FormField<F extends ContactField> = {
  required: RequiredBySchema<F>;
  type?: 'email' | 'tel';
  autoComplete?: 'name' | 'email' | 'tel' | 'organization';
  multiline?: true;
};

/**
 * The form's fields in the schema's order, with how each is typed in. The schema itself (zod) stays
 * out of the browser's bundle, so `required` is written here, and the compiler accepts only the value
 * the schema implies; contact-form.test.ts checks the order and the flags against the schema at run time.
 */
export const CONTACT_FORM_FIELDS = {
  name: { required: true, autoComplete: 'name' },
  email: { required: true, type: 'email', autoComplete: 'email' },
  phone: { required: false, type: 'tel', autoComplete: 'tel' },
  company: { required: false, autoComplete: 'organization' },
  message: { required: true, multiline: true },
} as const satisfies { [F in ContactField]: FormField<F> };

/** The form's field names, in order. */
export const contactFormFields = Object.keys(CONTACT_FORM_FIELDS) as ContactField[];

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

/**
 * The form's render stamp (docs/requirements.md §10.9): when the page was rendered, signed by the server. A form
 * posted sooner than a person could type it is suspect. The server writes it at the end of the
 * page, outside the form, whose id ties it to the form (docs/decisions/037-render-stamp.md).
 */
export const STAMP_FIELD = 'ts';

/**
 * The id of a page's one lead form, the contact form on "/" or the quote form on /cotacao: the
 * stamp's field names it in its `form` attribute (server/pages/form-stamp.ts).
 */
export const LEAD_FORM_ID = 'lead-form';

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
