import type { Erased, SubjectData } from '../../shared/api/types';
import { type Database, inSlices, type Queries } from '../db/database';
import { contactsTable, quotesTable, selectSql } from '../leads/rows';
import type { SubjectErased } from '../outbox/store';

/** Exactly the expression the e-mail indexes are built on (server/db/schema.ts). */
const BY_EMAIL = 'WHERE lower(email) = lower(?)';

type AuditAction = 'subject.access' | 'subject.erasure' | 'retention.purge';

/**
 * One line of the audit log (docs/requirements.md §11.6): when, what was asked and how many rows it
 * touched. Never the address nor any hash of it: the log must not become a copy of what was erased.
 */
const audit = (tx: Queries, action: AuditAction, { contacts, quotes }: Erased, requestId?: string) =>
  tx.run('INSERT INTO audit_log (at, action, contacts, quotes, request_id) VALUES (?, ?, ?, ?, ?)', [
    new Date().toISOString(),
    action,
    contacts,
    quotes,
    requestId ?? null,
  ]);

/** `DELETE … WHERE <column> IN (ids)`, a bounded number of ids at a time. */
async function deleteByIds(tx: Queries, table: string, column: string, ids: string[]) {
  for (const slice of inSlices(ids)) {
    await tx.run(`DELETE FROM ${table} WHERE ${column} IN (${slice.placeholders})`, slice.ids);
  }
}

/** Every table that may hold a copy of a lead. */
const LEAD_TABLES = ['contacts', 'quotes', 'outbox', 'idempotency_keys'] as const;

/** Run in an erasure's transaction before its outbox rows go: tells the webhook's receiver (outbox/sql-store.ts). */
type NoticeErasure = (tx: Queries, erased: SubjectErased['record']) => Promise<void>;

/** What a retention purge erased; undefined when another replica was purging. */
type Purged = { contacts: number; quotes: number; outbox: number };

/** What LGPD asks of the stored leads (docs/requirements.md §10.17, §10.18): access, erasure, retention. */
export interface PersonalDataStore {
  /** Everything stored under `email`, in any letter case, newest first; audited (docs/requirements.md §10.17). */
  readSubject(email: string, requestId?: string): Promise<SubjectData>;
  /** Erases it all, with its outbox copies and Idempotency-Keys, in one transaction; audited. */
  eraseSubject(email: string, requestId?: string): Promise<Erased>;
  /**
   * Erases the leads stored before `cutoff`, with their outbox rows and keys (docs/requirements.md
   * §10.18); undefined, having done nothing, when another replica is purging now.
   */
  purgeOlderThan(cutoff: Date): Promise<Purged | undefined>;
}

export function sqlPersonalData(db: Database, noticeErasure: NoticeErasure): PersonalDataStore {
  const { purgeLock } = db.dialect;
  /** Deletes in a transaction, then makes the backend let go of what was deleted (Dialect.afterErasure). */
  const erasing = async <T>(work: (tx: Queries) => Promise<T>) => {
    const result = await db.transaction(work);
    if (result !== undefined) await db.all(db.dialect.afterErasure(LEAD_TABLES));
    return result;
  };

  return {
    readSubject: (email, requestId) =>
      db.transaction(async (tx): Promise<SubjectData> => {
        const newestFirst = `${BY_EMAIL} ORDER BY seq DESC`;
        const contacts = (await tx.all(`${selectSql(contactsTable)} ${newestFirst}`, [email])).map(
          contactsTable.toRecord,
        );
        const quotes = (await tx.all(`${selectSql(quotesTable)} ${newestFirst}`, [email])).map(quotesTable.toRecord);
        await audit(tx, 'subject.access', { contacts: contacts.length, quotes: quotes.length }, requestId);
        return { contacts, quotes };
      }),

    /**
     * The leads go first and name the rows to erase with them: a lead this transaction sees has its
     * outbox rows committed with it, so none of its copies can slip past (a lead stored after the
     * first DELETE is simply not part of this request). The webhook's receiver is told in the same
     * transaction, through the outbox, so it hears of the erasure even if it is down right now.
     */
    eraseSubject: (email, requestId) =>
      erasing(async (tx): Promise<Erased> => {
        const erasedAt = new Date().toISOString();
        const ids = async (table: string) =>
          (await tx.all(`DELETE FROM ${table} ${BY_EMAIL} RETURNING id`, [email])).map((row) => String(row.id));
        const contacts = await ids('contacts');
        const quotes = await ids('quotes');
        await noticeErasure(tx, { email, contacts, quotes, erasedAt });
        await deleteByIds(tx, 'outbox', 'lead_id', [...contacts, ...quotes]);
        // The key's fingerprint is a hash of the lead's content: personal data too.
        await deleteByIds(tx, 'idempotency_keys', 'resource_id', [...contacts, ...quotes]);
        // Rows an older release wrote have no lead_id; of those, only a pending one still holds a
        // copy. An erasure's own notice has none either, and must stay.
        await tx.run(
          `DELETE FROM outbox WHERE lead_id IS NULL AND status = 'pending' AND kind IN ('contact', 'quote')
             AND lower(payload ->> 'email') = lower(?)`,
          [email],
        );
        const erased = { contacts: contacts.length, quotes: quotes.length };
        await audit(tx, 'subject.erasure', erased, requestId);
        return erased;
      }),

    /**
     * An outbox row and an Idempotency-Key carry their lead's creation time, so one cutoff finds a
     * lead and everything written with it, whichever release wrote it.
     */
    purgeOlderThan: (cutoff) =>
      erasing(async (tx): Promise<Purged | undefined> => {
        if (purgeLock && !(await tx.get(purgeLock))?.locked) return undefined;
        const before = [cutoff.toISOString()];
        const outbox = await tx.run('DELETE FROM outbox WHERE created_at < ?', before);
        await tx.run('DELETE FROM idempotency_keys WHERE created_at < ?', before);
        const contacts = await tx.run('DELETE FROM contacts WHERE created_at < ?', before);
        const quotes = await tx.run('DELETE FROM quotes WHERE created_at < ?', before);
        await audit(tx, 'retention.purge', { contacts, quotes });
        return { contacts, quotes, outbox };
      }),
  };
}
