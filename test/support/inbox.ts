import type { Repository } from '../../server/repository';
import { sampleContact, sampleQuote, validContact, validQuote } from './leads';

// Leads stored for the inbox's tests, and the order the inbox must list them in.

type Stored = { id: string; createdAt: string };
const arrivals = new Map<string, string>();

const kept = ({ record }: { record: Stored }) => {
  arrivals.set(record.id, record.createdAt);
  return record.id;
};

/** A contact with `fields` over the sample's; its id. */
export const storeContact = (repository: Repository, fields: object) =>
  repository.createContact(validContact({ ...sampleContact, ...fields })).then(kept);

/** A quote with `fields` over the sample's; its id. */
export const storeQuote = (repository: Repository, fields: object) =>
  repository.createQuote(validQuote({ ...sampleQuote, ...fields })).then(kept);

/**
 * The ids newest first, as the inbox orders them: by arrival, then by id among leads stored in the
 * same millisecond (a fast test stores several), never by the order the test stored them in.
 */
export const newestFirst = (ids: readonly string[]) =>
  [...ids].sort((a, b) => {
    const [at, bt] = [arrivals.get(a)!, arrivals.get(b)!];
    return at === bt ? (a < b ? 1 : -1) : at < bt ? 1 : -1;
  });

/** React escapes text in HTML: the page's words as a browser reads them. */
export const readable = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
