import type { Created } from '../../shared/api/types';
import type { Contact, ContactFields } from '../../shared/contact';
import type { Database, Queries } from '../db/database';
import type { CreateResult, IdempotencyKey, ListResult } from '../db/results';
import type { Enqueue } from '../leads/arrival';
import { contactsTable } from '../leads/rows';
import { batchesOf, createOnce, insertLead, pageOf } from '../leads/storage';
import { judge, type Verdict } from '../spam/judge';
import type { ClientSignals } from '../spam/signals';
import { holdSuspect } from '../spam/sql-store';

/** The contacts' storage (docs/requirements.md §3, §10.3, §10.5, §10.16). */
export interface ContactStore {
  createContact(fields: ContactFields, idempotency?: IdempotencyKey): Promise<CreateResult<Created>>;
  /**
   * A post from the site's form or the API, weighed first (docs/requirements.md §10.9):
   * a lead, stored and queued for delivery, or a suspect held in the "Suspeitos" folder. Both
   * answer alike, so a bot learns nothing; the verdict is for the metrics, and undefined on a
   * replay (the first request's was counted).
   */
  receiveContact(
    fields: ContactFields,
    client: ClientSignals,
    idempotency?: IdempotencyKey,
  ): Promise<{ result: CreateResult<Created>; verdict?: Verdict }>;
  listContacts(page: number, limit: number): Promise<ListResult<Contact>>;
  /** Every contact, newest first, in batches of `nextSize()` rows, asked before each (see batchesOf). */
  contactBatches(nextSize: () => number): AsyncIterable<Contact[]>;
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
    receiveContact: async (fields, client, idempotency) => {
      let verdict: Verdict | undefined;
      const result = await createOnce(
        db,
        'contacts',
        idempotency,
        async (tx, id, createdAt) => {
          verdict = await judge(tx, fields, client, createdAt);
          if (verdict.suspect) await holdSuspect(tx, id, createdAt, fields, verdict);
          else
            await enqueue(tx, { kind: 'contact', record: await insertLead(tx, contactsTable, id, createdAt, fields) });
          return { id, createdAt };
        },
        created,
      );
      return { result, verdict };
    },
    listContacts: (pageNumber, limit) => pageOf(db, contactsTable, pageNumber, limit),
    contactBatches: (nextSize) => batchesOf(db, contactsTable, nextSize),
  };
}
