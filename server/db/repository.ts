import type { Created, Erased, SubjectData } from '../../shared/api/types';
import type { Contact, ContactFields } from '../../shared/contact';
import type { Quote, QuoteFields } from '../../shared/quote';
import type { Channel, Outbox } from '../outbox/store';
import type { ConnectionUse } from './database';
import type { RateLimitCounters } from './rate-limit-counters';

/**
 * A write's Idempotency-Key and the fingerprint of its content. Kept together: the same key with
 * the same content replays the first result for 24 hours; with other content it is another write
 * (docs/requirements.md §10.3).
 */
export type IdempotencyKey = { key: string; fingerprint: string };

export type CreateResult<T = Created> = { outcome: 'created'; record: T } | { outcome: 'replayed'; record: T };

export type ListResult<T> = { items: T[]; total: number };

export type RepositoryOptions = {
  /**
   * The outbox channels that get a row with every new contact and quote: the configured ones only,
   * since rows nobody will send would pile up and be sent, stale, once the channel is turned on.
   */
  channels?: readonly Channel[];
};

/** What a retention purge erased; undefined when another replica was purging. */
export type Purged = { contacts: number; quotes: number; outbox: number };

/** Everything the app needs from storage; SQLite and PostgreSQL both implement it. */
export interface Repository {
  createContact(fields: ContactFields, idempotency?: IdempotencyKey): Promise<CreateResult<Created>>;
  /**
   * What a post caught by the honeypot is told was stored (docs/requirements.md §10.9): no lead,
   * only, under its key, the decoy's id and time, replayed to its retries as a real one would be.
   */
  trapContact(idempotency?: IdempotencyKey): Promise<CreateResult<Created>>;
  listContacts(page: number, limit: number): Promise<ListResult<Contact>>;
  createQuote(fields: QuoteFields, idempotency?: IdempotencyKey): Promise<CreateResult<Quote>>;
  listQuotes(page: number, limit: number): Promise<ListResult<Quote>>;
  /** `id` must be a UUID (the router checks); undefined when no quote has it. */
  getQuote(id: string): Promise<Quote | undefined>;
  /**
   * Every contact, then every quote, newest first, in batches of `nextSize()` rows, asked before
   * each: each batch is its own statement, so an export holds no transaction and no other request
   * waits for it.
   */
  contactBatches(nextSize: () => number): AsyncIterable<Contact[]>;
  quoteBatches(nextSize: () => number): AsyncIterable<Quote[]>;
  /** Everything stored under `email`, in any letter case, newest first; audited (docs/requirements.md §10.17). */
  readSubject(email: string, requestId?: string): Promise<SubjectData>;
  /** Erases it all, with its outbox copies and Idempotency-Keys, in one transaction; audited. */
  eraseSubject(email: string, requestId?: string): Promise<Erased>;
  /**
   * Erases the leads stored before `cutoff`, with their outbox rows and keys (docs/requirements.md
   * §10.18); undefined, having done nothing, when another replica is purging now.
   */
  purgeOlderThan(cutoff: Date): Promise<Purged | undefined>;
  /** The outbox channels it writes a row to with each new lead (see RepositoryOptions). */
  readonly channels: readonly Channel[];
  /** The deliveries waiting, per channel. */
  outbox: Outbox;
  /**
   * Rate-limit counters shared by every replica: PostgreSQL's. Absent on SQLite, where one process
   * is all there is and counting in memory spares the single writer a write per request.
   */
  readonly rateLimitCounters?: RateLimitCounters;
  /** How busy the database connections are (metrics). */
  connections(): ConnectionUse;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Raised when the database cannot be reached; the API answers 503. */
export class DatabaseUnavailableError extends Error {}
