import type { ErrorRequestHandler, Request } from 'express';
import { FIELDS_TO_FIX } from '../../shared/form-messages';
import type { Source } from '../../shared/lead';
import {
  fieldMessages,
  QUOTE_FORM_FIELDS,
  QUOTE_PATH,
  type QuoteFormState,
  quoteFormSource,
} from '../../shared/quote-form';
import { readBody } from '../http/body';
import { Refusal } from '../http/refusals';
import type { PageRenderer, PageVariant } from '../pages/renderer';

// The quote form without JavaScript (docs/requirements.md §4.5): its outcomes are pages, as the
// contact form's are (server/contacts/form-pages.ts).

const quotePageWith = (status: number, quote: QuoteFormState): PageVariant => ({
  status,
  path: QUOTE_PATH,
  islands: { quote },
});

/** Where a quote posted without JavaScript came from: its Referer on this site, else the form alone. */
export function quoteFormSourceOf(req: Request, publicUrl: URL): Source {
  const referer = URL.parse(req.get('Referer') ?? '');
  const ours = referer !== null && [req.get('Host'), publicUrl.host].includes(referer.host);
  return quoteFormSource(ours ? referer : { pathname: '', search: '' });
}

/** The form's strings as posted: one value per field (a repeated field's first, as no form of ours repeats one). */
export function postedValues(body: unknown): NonNullable<QuoteFormState['values']> {
  const submitted = (body ?? {}) as Record<string, unknown>;
  const values: NonNullable<QuoteFormState['values']> = {};
  for (const field of QUOTE_FORM_FIELDS) {
    const value = submitted[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** /cotacao again, status 400, with what the visitor typed and each field's message beside it. */
export const invalidQuotePage = (body: unknown, errors: Record<string, string>): PageVariant => ({
  ...quotePageWith(400, { formError: FIELDS_TO_FIX, values: postedValues(body), errors: fieldMessages(errors) }),
  personal: true,
});

/**
 * A refused post of the form (its rate, its origin, its encoding, its size) gets /cotacao with the
 * reason above the form; over the rate limit the values are kept, as the contact form does.
 */
export function quoteFormErrorPages(renderPage: PageRenderer): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (!(error instanceof Refusal) || req.method !== 'POST' || !req.is('application/x-www-form-urlencoded')) {
      return next(error);
    }
    const render = (unreadable?: unknown) => {
      const kept = error.status === 429 && !unreadable && req.body !== undefined;
      const values = kept ? { values: postedValues(req.body) } : {};
      const variant = quotePageWith(error.status, { formError: error.message, ...values });
      return renderPage(req, res, kept ? { ...variant, personal: true } : variant);
    };
    return error.status === 429 && req.body === undefined ? readBody(req, res, render) : render();
  };
}
