import { contactFormSource } from './contact-form';
import type { Source } from './lead';

// What the server and the quote form's island both need to know about the form (docs/requirements.md
// §2.1, §4.5): its fields as posted, its state after a post without JavaScript, and how the posted
// strings become the API's body. No runtime dependency: the island's bundle gets only this file.

/** The quote form's page, and where a stored quote lands without JavaScript. */
export const QUOTE_PATH = '/cotacao';
export const QUOTE_SENT_PATH = '/cotacao/enviada';

/** The form's fields as the browser posts them, in the form's order; a place is its city and its UF. */
export const QUOTE_FORM_FIELDS = [
  'origin.city',
  'origin.state',
  'destination.city',
  'destination.state',
  'cargoType',
  'segment',
  'weightTons',
  'vehicle',
  'goodsValue',
  'pickupDate',
  'frequency',
  'name',
  'email',
  'phone',
  'company',
  'cnpj',
  'notes',
] as const;
export type QuoteFormField = (typeof QUOTE_FORM_FIELDS)[number];

/** What the server renders the form with after a post without JavaScript: the values and the messages. */
export type QuoteFormState = {
  /** A message about the whole form: the rate limit, a post from another site… */
  formError?: string;
  values?: Partial<Record<QuoteFormField, string>>;
  errors?: Partial<Record<QuoteFormField, string>>;
};

/**
 * A decimal as a person in Brazil types it: '27,5', '27.5', '1.250.000,00', 'R$ 150.000'. Dots before
 * groups of three digits are thousands; a comma is the decimal point. Anything else stays text, for
 * the validator to name.
 */
export function parseDecimal(typed: string): number | string {
  const bare = typed.replace(/^\s*R\$\s*/i, '').replace(/\s/g, '');
  const integerPart = /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(bare) ? bare.replaceAll('.', '') : bare;
  const normal = integerPart.replace(',', '.');
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : typed;
}

const NUMBERS: ReadonlySet<QuoteFormField> = new Set(['weightTons', 'goodsValue']);

/**
 * The API's body from the form's strings: a place's two fields as its object, numbers read as typed
 * in Brazil, and an empty optional field left out (the schema names a required one that is missing).
 */
export function quoteBodyFromForm(values: Partial<Record<QuoteFormField, string>>, source: Source) {
  const body: Record<string, unknown> = {};
  for (const field of QUOTE_FORM_FIELDS) {
    const value = values[field];
    if (value === undefined || value.trim() === '') continue;
    const [key, part] = field.split('.') as [string, string | undefined];
    const typed = NUMBERS.has(field) ? parseDecimal(value) : value;
    if (part) body[key] = { ...(body[key] as object), [part]: typed };
    else body[key] = typed;
  }
  return { ...body, source };
}

/**
 * The API's messages (docs/requirements.md §5.5) under the form's fields: a place's message about the
 * whole object goes under its city, the field a person types first.
 */
export function fieldMessages(errors: Record<string, string>): NonNullable<QuoteFormState['errors']> {
  const shown: NonNullable<QuoteFormState['errors']> = {};
  for (const field of QUOTE_FORM_FIELDS) {
    const [key, part] = field.split('.');
    const message = errors[field] ?? (part === 'city' ? errors[key!] : undefined);
    if (message) shown[field] = message;
  }
  return shown;
}

/** The quote form, as a lead's source names it. */
const QUOTE_FORM = 'cotacao';

/** Where a quote sent with the form came from (docs/requirements.md §10.19), as the contact form's. */
export const quoteFormSource = (address: Pick<URL, 'pathname' | 'search'>): Source => ({
  ...contactFormSource(address),
  form: QUOTE_FORM,
});
