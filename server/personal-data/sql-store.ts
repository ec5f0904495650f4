import type { HeldPost, SubjectData } from '../../shared/api/types';
import type { ContactFields } from '../../shared/contact';
import type { Finding, SuspectState } from '../../shared/spam';
import {
  APPLICATION_TABLES,
  eraseSubjectApplications,
  purgeApplications,
  subjectApplications,
} from '../applications/erasure';
import type { AuditContext } from '../audit/events';
import { appendAudit, forgetLeads, purgeAuditBefore } from '../audit/sql-store';
import { type Database, inSlices, type Queries, type Row } from '../db/database';
import { fromJson, instant } from '../db/results';
import { contactsTable, quotesTable, selectSql } from '../leads/rows';
import type { CrmNotice, SubjectErased } from '../outbox/store';
import { subjectProposals } from '../proposals/sql-store';
import { eraseSubjectShipments, purgeShipments, SHIPMENT_TABLES, subjectShipments } from '../shipments/erasure';

/** Exactly the expression the e-mail indexes are built on (server/db/schema.ts). */
const BY_EMAIL = 'WHERE lower(email) = lower(?)';

/** `DELETE … WHERE <column> IN (ids)`, a bounded number of ids at a time. */
async function deleteByIds(tx: Queries, table: string, column: string, ids: string[]) {
  for (const slice of inSlices(ids)) {
    await tx.run(`DELETE FROM ${table} WHERE ${column} IN (${slice.placeholders})`, slice.ids);
  }
}

/** Every table that may hold a copy of a lead. */
const LEAD_TABLES = [
  'contacts',
  'quotes',
  'lead_notes',
  'proposals',
  'suspects',
  'outbox',
  'idempotency_keys',
  'audit_log',
  ...APPLICATION_TABLES,
  ...SHIPMENT_TABLES,
] as const;

const SUSPECT_COLUMNS = 'id, state, created_at, fields, reasons';

/** A held post as its person's access shows it: what they sent, when, and the signals it showed. */
function heldPost(row: Row): HeldPost {
  const fields: ContactFields = fromJson(row.fields);
  const findings: Finding[] = fromJson(row.reasons);
  return {
    id: String(row.id),
    ...fields,
    createdAt: instant(row.created_at)!,
    state: row.state as SuspectState,
    reasons: findings.map((finding) => finding.reason),
  };
}

/** Run in an erasure's transaction before its outbox rows go: tells the webhook's receiver (outbox/sql-store.ts). */
type NoticeErasure = (tx: Queries, erased: SubjectErased['record']) => Promise<CrmNotice>;

/**
 * What an erasure did: how many of each it erased, and what it leaves to the operator (issue 54 §8):
 * how many of the leads had a notification mailed to sales, and whether the CRM was told.
 */
type ErasureDone = {
  contacts: number;
  quotes: number;
  suspects: number;
  applications: number;
  /** Shipments whose people were erased, their fiscal record kept (docs/requirements.md §12.11). */
  shipments: number;
  mailedLeads: number;
  crm: CrmNotice;
};

/** How many of the leads `ids` had their notification e-mail tried: sent, or possibly sent. */
async function countMailed(tx: Queries, ids: readonly string[]) {
  let mailed = 0;
  for (const slice of inSlices([...ids])) {
    const row = await tx.get(
      `SELECT count(DISTINCT lead_id) AS n FROM outbox
       WHERE channel = 'email' AND (attempts > 0 OR status = 'sent') AND lead_id IN (${slice.placeholders})`,
      slice.ids,
    );
    mailed += Number(row?.n ?? 0);
  }
  return mailed;
}

/** What a retention purge erased, audit lines included; undefined when another replica was purging. */
type Purged = {
  contacts: number;
  quotes: number;
  suspects: number;
  applications: number;
  outbox: number;
  audit: number;
  /** Shipments whose people went with the leads' retention, and those whose fiscal years ran out. */
  shipmentsCleared: number;
  shipmentsExpired: number;
};

/**
 * What a purge erases: the leads before `leads` (none when RETENTION_DAYS is 0), the suspects before
 * `suspects`, the job applications before `applications` (APPLICATION_RETENTION_DAYS) and those whose
 * process ended, as seen at `now` (server/applications/erasure.ts).
 */
export type PurgeCutoffs = { leads?: Date; suspects: Date; applications: Date; now: Date };

/**
 * The retention is the site's own doing: its line names the system (docs/decisions/028-one-audit-record.md).
 * No request, so no address nor request id.
 */
const RETENTION: AuditContext = { actor: { kind: 'system' } };

/** What LGPD asks of the stored leads (docs/requirements.md §10.17, §10.18): access, erasure, retention. */
export interface PersonalDataStore {
  /**
   * Everything stored under `email`, in any letter case, newest first; audited as asked `by`, with the
   * leads found (docs/requirements.md §10.17). The line never holds the address nor any hash of it.
   */
  readSubject(email: string, by: AuditContext): Promise<SubjectData>;
  /**
   * Erases it all, with its outbox copies and Idempotency-Keys, and takes the leads' ids out of the
   * audit record's lines, in one transaction; audited as asked `by`, with the counts only.
   */
  eraseSubject(email: string, by: AuditContext): Promise<ErasureDone>;
  /**
   * Erases the leads stored before the leads' cutoff, with their outbox rows and keys, and the audit
   * lines older than it too (docs/requirements.md §10.18), and the posts held as suspect before the
   * suspects' (§10.9); undefined, having done nothing, when another replica is purging now.
   */
  purgeOlderThan(cutoffs: PurgeCutoffs): Promise<Purged | undefined>;
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
    readSubject: (email, by) =>
      db.transaction(async (tx): Promise<SubjectData> => {
        const newestFirst = `${BY_EMAIL} ORDER BY seq DESC`;
        const contacts = (await tx.all(`${selectSql(contactsTable)} ${newestFirst}`, [email])).map(
          contactsTable.toRecord,
        );
        const quotes = (await tx.all(`${selectSql(quotesTable)} ${newestFirst}`, [email])).map(quotesTable.toRecord);
        const suspects = (await tx.all(`SELECT ${SUSPECT_COLUMNS} FROM suspects ${newestFirst}`, [email])).map(
          heldPost,
        );
        const applications = await subjectApplications(tx, email);
        const proposals = await subjectProposals(
          tx,
          quotes.map((quote) => quote.id),
        );
        const shipments = await subjectShipments(tx, email);
        await appendAudit(tx, {
          ...by,
          action: 'subject.access',
          leadIds: [...contacts, ...quotes, ...suspects, ...applications, ...shipments].map((found) => found.id),
          detail: {
            contacts: contacts.length,
            quotes: quotes.length,
            suspects: suspects.length,
            applications: applications.length,
            proposals: proposals.length,
            shipments: shipments.length,
          },
        });
        return { contacts, quotes, suspects, applications, proposals, shipments };
      }),

    /**
     * The leads go first and name the rows to erase with them: a lead this transaction sees has its
     * outbox rows committed with it, so none of its copies can slip past (a lead stored after the
     * first DELETE is simply not part of this request). The webhook's receiver is told in the same
     * transaction, through the outbox, so it hears of the erasure even if it is down right now.
     */
    eraseSubject: (email, by) =>
      erasing(async (tx): Promise<ErasureDone> => {
        const erasedAt = new Date().toISOString();
        const ids = async (table: string) =>
          (await tx.all(`DELETE FROM ${table} ${BY_EMAIL} RETURNING id`, [email])).map((row) => String(row.id));
        const contacts = await ids('contacts');
        const quotes = await ids('quotes');
        const suspects = await ids('suspects');
        // A held post never reached the webhook's receiver, but a contact moved to spam ("É spam")
        // may have, as the contact it was: the notice names it among the contacts if its webhook was
        // tried (noticeErasure), and its delivery rows go with the rest.
        const crm = await noticeErasure(tx, { email, contacts: [...contacts, ...suspects], quotes, erasedAt });
        // The sales mailbox got a notification of each lead whose e-mail was tried: the operator's to erase.
        const mailedLeads = await countMailed(tx, [...contacts, ...quotes, ...suspects]);
        await deleteByIds(tx, 'outbox', 'lead_id', [...contacts, ...quotes, ...suspects]);
        // The team's notes are about the person: they go with the leads (the search index goes by trigger).
        await deleteByIds(tx, 'lead_notes', 'lead_id', [...contacts, ...quotes]);
        // A proposal names its customer's quote and, once accepted, what they typed to accept it.
        await deleteByIds(tx, 'proposals', 'quote_id', quotes);
        // The key's fingerprint is a hash of the lead's content: personal data too.
        await deleteByIds(tx, 'idempotency_keys', 'resource_id', [...contacts, ...quotes, ...suspects]);
        // Rows an older release wrote have no lead_id; of those, only a pending one still holds a
        // copy. An erasure's own notice has none either, and must stay.
        await tx.run(
          `DELETE FROM outbox WHERE lead_id IS NULL AND status = 'pending' AND kind IN ('contact', 'quote')
             AND lower(payload ->> 'email') = lower(?)`,
          [email],
        );
        // The events stay, without whose leads they were (docs/requirements.md §10.17).
        await forgetLeads(tx, [...contacts, ...quotes, ...suspects]);
        // An application, its CV and its notes: never sent anywhere, so nobody else to tell.
        const applications = await eraseSubjectApplications(tx, email);
        await forgetLeads(tx, applications);
        // A shipment's people go; its fiscal record stays, and so do the audit lines that name it.
        const shipments = await eraseSubjectShipments(tx, email);
        const erased = {
          contacts: contacts.length,
          quotes: quotes.length,
          suspects: suspects.length,
          applications: applications.length,
          shipments: shipments.length,
        };
        await appendAudit(tx, { ...by, action: 'subject.erasure', detail: erased });
        return { ...erased, mailedLeads, crm };
      }),

    /**
     * An outbox row and an Idempotency-Key carry their lead's creation time, so one cutoff finds a
     * lead and everything written with it, whichever release wrote it.
     */
    purgeOlderThan: (cutoffs) =>
      erasing(async (tx): Promise<Purged | undefined> => {
        if (purgeLock && !(await tx.get(purgeLock))?.locked) return undefined;
        // A held post's key lives a day (leads/storage.ts): nothing else of it to erase.
        const suspects = await tx.run('DELETE FROM suspects WHERE created_at < ?', [cutoffs.suspects.toISOString()]);
        const applications = await purgeApplications(tx, cutoffs.applications, cutoffs.now);
        await forgetLeads(tx, applications);
        const shipments = await purgeShipments(tx, cutoffs.leads, cutoffs.now);
        const purged = {
          contacts: 0,
          quotes: 0,
          suspects,
          applications: applications.length,
          outbox: 0,
          audit: 0,
          shipmentsCleared: shipments.cleared,
          shipmentsExpired: shipments.expired,
        };
        if (cutoffs.leads) {
          const before = [cutoffs.leads.toISOString()];
          purged.outbox = await tx.run('DELETE FROM outbox WHERE created_at < ?', before);
          await tx.run('DELETE FROM idempotency_keys WHERE created_at < ?', before);
          purged.contacts = await tx.run('DELETE FROM contacts WHERE created_at < ?', before);
          purged.quotes = await tx.run('DELETE FROM quotes WHERE created_at < ?', before);
          // A note is younger than its lead: it goes when its lead has gone.
          await tx.run(
            'DELETE FROM lead_notes WHERE lead_id NOT IN (SELECT id FROM contacts UNION ALL SELECT id FROM quotes)',
          );
          await tx.run('DELETE FROM proposals WHERE quote_id NOT IN (SELECT id FROM quotes)');
          purged.audit = await purgeAuditBefore(tx, cutoffs.leads);
        }
        await appendAudit(tx, { ...RETENTION, action: 'retention.purge', detail: purged });
        return purged;
      }),
  };
}
