import type { Created } from '../../shared/api-types';
import type { Contact, ContactFields } from '../../shared/contact';
import type { Quote, QuoteFields } from '../../shared/quote';
import type { ConnectionUse } from './database';
import type { OutboxStore } from './outbox';
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
   * Writes an outbox row with every new contact and quote, for the e-mail dispatcher. Off when
   * notifications are: rows nobody will send would pile up and be mailed, stale, once turned on.
   */
  notifications?: boolean;
};

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
  /** Whether it was opened with `notifications: true`, i.e. writes an outbox row with each new lead. */
  readonly notifications: boolean;
  /** The notifications waiting to be e-mailed. */
  outbox: OutboxStore;
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
