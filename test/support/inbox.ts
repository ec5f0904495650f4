import { setTimeout as sleep } from 'node:timers/promises';
import type { Repository } from '../../server/composition/repository';
import { sampleContact, sampleQuote, validContact, validQuote } from './leads';

// Leads stored for the inbox's tests, and the order the inbox must list them in.

type Stored = { id: string; createdAt: string };
const arrivals = new Map<string, string>();
let lastArrivalMs = 0;

const kept = ({ record }: { record: Stored }) => {
  arrivals.set(record.id, record.createdAt);
  lastArrivalMs = Math.max(lastArrivalMs, Date.parse(record.createdAt));
  return record.id;
};

/** How long to wait at most for the clock to move: a test that fakes Date holds it still. */
const CLOCK_TICK_WAIT_MS = 5;

/**
 * Waits until the clock has left the millisecond of the last arrival stored here. Leads stored in
 * one millisecond tie, and the inbox orders those by id: on a fast machine a test that stores
 * several and reads them back in the order it stored them passed or failed by chance (the list
 * and the export, in a CI run of 2026-11-27).
 */
async function afterTheLastArrival() {
  for (let waited = 0; Date.now() === lastArrivalMs && waited < CLOCK_TICK_WAIT_MS; waited++) await sleep(1);
}

/** A contact with `fields` over the sample's, stored after the last one stored here; its id. */
export const storeContact = async (repository: Repository, fields: object) => {
  await afterTheLastArrival();
  return kept(await repository.contacts.createContact(validContact({ ...sampleContact, ...fields })));
};

/** A quote with `fields` over the sample's, stored after the last one stored here; its id. */
export const storeQuote = async (repository: Repository, fields: object) => {
  await afterTheLastArrival();
  return kept(await repository.quotes.createQuote(validQuote({ ...sampleQuote, ...fields })));
};

/**
 * The ids newest first, as the inbox orders them: by arrival, then by id among leads of the same
 * millisecond (stored here, they have none; stored otherwise, they may).
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
