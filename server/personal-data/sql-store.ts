import type { Erased, SubjectData } from '../../shared/api-types';
import type { Database, Param, Queries } from '../db/database';
import type { Purged } from '../db/repository';
import { contactsTable, quotesTable, selectSql } from '../db/rows';

/** Exactly the expression the e-mail indexes are built on (server/db/schema.ts). */
const BY_EMAIL = 'WHERE lower(email) = lower(?)';

/** Ids per statement when erasing by id: far below either backend's limit on parameters. */
const IDS_PER_STATEMENT = 500;

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
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const chunk: Param[] = ids.slice(start, start + IDS_PER_STATEMENT);
    await tx.run(`DELETE FROM ${table} WHERE ${column} IN (${chunk.map(() => '?').join(', ')})`, chunk);
  }
}

/** What LGPD asks of the stored leads (docs/requirements.md §10.17, §10.18): access, erasure, retention. */
export function sqlPersonalData(db: Database) {
  const { purgeLock } = db.dialect;

  return {
    readSubject: (email: string, requestId?: string) =>
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
     * first DELETE is simply not part of this request).
     */
    eraseSubject: (email: string, requestId?: string) =>
      db.transaction(async (tx): Promise<Erased> => {
        const contacts = await tx.all(`DELETE FROM contacts ${BY_EMAIL} RETURNING id`, [email]);
        const quotes = await tx.all(`DELETE FROM quotes ${BY_EMAIL} RETURNING id`, [email]);
        const ids = [...contacts, ...quotes].map((row) => String(row.id));
        await deleteByIds(tx, 'outbox', 'lead_id', ids);
        // The key's fingerprint is a hash of the lead's content: personal data too.
        await deleteByIds(tx, 'idempotency_keys', 'resource_id', ids);
        // Rows an older release wrote have no lead_id; of those, only a pending one still holds a copy.
        await tx.run(
          `DELETE FROM outbox WHERE lead_id IS NULL AND status = 'pending' AND lower(payload ->> 'email') = lower(?)`,
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
    purgeOlderThan: (cutoff: Date) =>
      db.transaction(async (tx): Promise<Purged | undefined> => {
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
