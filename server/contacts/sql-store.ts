import type { Created } from '../../shared/api/types';
import type { Contact, ContactFields } from '../../shared/contact';
import type { Database, Queries } from '../db/database';
import type { CreateResult, IdempotencyKey, ListResult } from '../db/results';
import { contactsTable } from '../leads/rows';
import { batchesOf, createOnce, type Enqueue, insertLead, pageOf } from '../leads/storage';

/** The contacts' storage (docs/requirements.md §3, §10.3, §10.5, §10.16). */
export interface ContactStore {
  createContact(fields: ContactFields, idempotency?: IdempotencyKey): Promise<CreateResult<Created>>;
  /**
   * What a post caught by the honeypot is told was stored (docs/requirements.md §10.9): no lead,
   * only, under its key, the decoy's id and time, replayed to its retries as a real one would be.
   */
  trapContact(idempotency?: IdempotencyKey): Promise<CreateResult<Created>>;
  listContacts(page: number, limit: number): Promise<ListResult<Contact>>;
  /** Every contact, newest first, a batch of `size` at a time (see batchesOf). */
  contactBatches(size: number): AsyncIterable<Contact[]>;
}

// A contact's reply names only its id and time, so a replay needs no more than the key's row.
const created = async (_tx: Queries, id: string, createdAt: string) => ({ id, createdAt });

export function sqlContacts(db: Database, enqueue: Enqueue): ContactStore {
  return {
    createContact: (fields, idempotency) =>
      createOnce(
        db,
        'contacts',
        idempotency,
        async (tx, id, createdAt) => {
          const record = await insertLead(tx, contactsTable, id, createdAt, fields);
          await enqueue(tx, { kind: 'contact', record });
          return { id, createdAt };
        },
        created,
      ),
    trapContact: (idempotency) => createOnce(db, 'contacts', idempotency, created, created),
    listContacts: (pageNumber, limit) => pageOf(db, contactsTable, pageNumber, limit),
    contactBatches: (size) => batchesOf(db, contactsTable, size),
  };
}
