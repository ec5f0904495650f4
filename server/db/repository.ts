import type { Contact, ContactFields } from '../../shared/contact';
import type { Created } from '../../shared/api-types';

/** A write with an Idempotency-Key: the same key and body replay the first result. */
export type IdempotencyKey = { key: string; fingerprint: string };

export type CreateResult =
  | { outcome: 'created'; record: Created }
  | { outcome: 'replayed'; record: Created }
  | { outcome: 'conflict' };

export type ListResult<T> = { items: T[]; total: number };

/** Everything the app needs from storage; SQLite and PostgreSQL both implement it. */
export interface Repository {
  createContact(fields: ContactFields, idempotency?: IdempotencyKey): Promise<CreateResult>;
  listContacts(page: number, limit: number): Promise<ListResult<Contact>>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Raised when the database cannot be reached; the API answers 503. */
export class DatabaseUnavailableError extends Error {}
