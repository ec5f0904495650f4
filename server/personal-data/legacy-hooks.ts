import type { HeldPost } from '../../shared/api/types';
import type { ContactFields } from '../../shared/contact';
import type { Finding, SuspectState } from '../../shared/spam';
import {
  APPLICATION_TABLES,
  eraseSubjectApplications,
  purgeApplications,
  subjectApplications,
} from '../applications/erasure';
import { forgetLeads, purgeAuditBefore } from '../audit/sql-store';
import { inSlices, type Queries, type Row } from '../db/database';
import { fromJson, instant } from '../db/results';
import { quotesTable, selectSql } from '../leads/rows';
import type { OutboxWriter } from '../module/messages';
import type { Found, PersonalDataHooks } from '../module/personal-data';
import { triedOn } from '../outbox/sql-store';
import { subjectProposals } from '../proposals/sql-store';
import type { CrmNotice, SubjectErased } from './messages';

// The hooks of the features that are not modules yet, each to move into its own entry.

/** Exactly the expression the e-mail indexes are built on (server/db/schema.ts). */
const BY_EMAIL = 'WHERE lower(email) = lower(?)';

/** `DELETE … WHERE <column> IN (ids)`, a bounded number of ids at a time. */
async function deleteByIds(tx: Queries, table: string, column: string, ids: readonly string[]) {
  for (const slice of inSlices([...ids])) {
    await tx.run(`DELETE FROM ${table} WHERE ${column} IN (${slice.placeholders})`, slice.ids);
  }
}

const idsOf = (rows: Row[]) => rows.map((row) => String(row.id));

const quoteHooks: PersonalDataHooks = {
  tables: ['quotes'],
  async access(tx, { email }) {
    const quotes = (await tx.all(`${selectSql(quotesTable)} ${BY_EMAIL} ORDER BY seq DESC`, [email])).map(
      quotesTable.toRecord,
    );
    return { quotes: { entries: quotes, named: quotes.map((quote) => quote.id) } };
  },
  async erase(tx, { email }) {
    const ids = idsOf(await tx.all(`DELETE FROM quotes ${BY_EMAIL} RETURNING id`, [email]));
    return { counts: { quotes: ids.length }, ids: { quotes: ids } };
  },
  async purge(tx, { cutoffs: { leads } }) {
    return {
      counts: { quotes: leads ? await tx.run('DELETE FROM quotes WHERE created_at < ?', [leads.toISOString()]) : 0 },
    };
  },
};

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

const suspectHooks: PersonalDataHooks = {
  tables: ['suspects'],
  async access(tx, { email }) {
    const held = (await tx.all(`SELECT ${SUSPECT_COLUMNS} FROM suspects ${BY_EMAIL} ORDER BY seq DESC`, [email])).map(
      heldPost,
    );
    return { suspects: { entries: held, named: held.map((post) => post.id) } };
  },
  async erase(tx, { email }) {
    const ids = idsOf(await tx.all(`DELETE FROM suspects ${BY_EMAIL} RETURNING id`, [email]));
    return { counts: { suspects: ids.length }, ids: { suspects: ids } };
  },
  // A held post's key lives a day (leads/storage.ts): nothing else of it to erase.
  async purge(tx, { cutoffs }) {
    return {
      counts: {
        suspects: await tx.run('DELETE FROM suspects WHERE created_at < ?', [cutoffs.suspects!.toISOString()]),
      },
    };
  },
};

const applicationHooks: PersonalDataHooks = {
  tables: APPLICATION_TABLES,
  async access(tx, { email }) {
    const applications = await subjectApplications(tx, email);
    return { applications: { entries: applications, named: applications.map((application) => application.id) } };
  },
  // An application, its CV and its notes, and its receipt's and notices' outbox rows: sent to the
  // candidate and the admins alone, so nobody else to tell.
  async erase(tx, { email }) {
    const ids = await eraseSubjectApplications(tx, email);
    await deleteByIds(tx, 'outbox', 'lead_id', ids);
    return { counts: { applications: ids.length }, ids: { applications: ids } };
  },
  // Their outbox rows go with them: a notice names the candidate, and the outbox's own purge keeps a lead's far longer.
  async purge(tx, { cutoffs }) {
    const ids = await purgeApplications(tx, cutoffs.applications!, cutoffs.now);
    await deleteByIds(tx, 'outbox', 'lead_id', ids);
    return { counts: { applications: ids.length }, ids: { applications: ids } };
  },
};

const proposalHooks: PersonalDataHooks = {
  tables: ['proposals'],
  async access(tx, { found }) {
    return { proposals: { entries: await subjectProposals(tx, found.quotes ?? []), named: [] } };
  },
  // A proposal names its customer's quote and, once accepted, what they typed to accept it.
  async erase(tx, { found }) {
    await deleteByIds(tx, 'proposals', 'quote_id', found.quotes ?? []);
    return {};
  },
  async purge(tx, { cutoffs }) {
    if (cutoffs.leads) await tx.run('DELETE FROM proposals WHERE quote_id NOT IN (SELECT id FROM quotes)');
    return {};
  },
};

/** The leads an erasure found: the contacts, the quotes, and the posts held as suspect. */
const leadsOf = (found: Found) => [...(found.contacts ?? []), ...(found.quotes ?? []), ...(found.suspects ?? [])];

/**
 * In an erasure's transaction, before the leads' outbox rows go: tells the webhook's receiver of the
 * erased leads that it may have received, those whose delivery was tried at least once. A lead it
 * was never sent is not named, nor is the address to a receiver that was sent none of its leads.
 */
async function noticeErasure(tx: Queries, outbox: OutboxWriter, record: SubjectErased): Promise<CrmNotice> {
  if (!outbox.carries('subject.erased')) return 'off';
  const posted = await triedOn(tx, 'webhook', [...record.contacts, ...record.quotes]);
  if (posted.size === 0) return 'not-sent';
  const told = {
    ...record,
    contacts: record.contacts.filter(posted.has, posted),
    quotes: record.quotes.filter(posted.has, posted),
  };
  await outbox.enqueue(tx, { kind: 'subject.erased', record: told, at: told.erasedAt });
  return 'notified';
}

/** What is copied of a lead elsewhere: its notes, its Idempotency-Key, its rows in the outbox. */
const leadCopyHooks = (outbox: OutboxWriter): PersonalDataHooks => ({
  tables: ['lead_notes', 'idempotency_keys', 'outbox'],
  async erase(tx, { email, found }) {
    const leads = leadsOf(found);
    // A held post never reached the webhook's receiver, but a contact moved to spam ("É spam") may
    // have, as the contact it was: the notice names it among the contacts if its webhook was tried.
    const crm = await noticeErasure(tx, outbox, {
      email,
      contacts: [...(found.contacts ?? []), ...(found.suspects ?? [])],
      quotes: [...(found.quotes ?? [])],
      erasedAt: new Date().toISOString(),
    });
    // The sales mailbox got a notification of each lead whose e-mail was tried: the operator's to erase.
    const mailedLeads = (await triedOn(tx, 'email', leads)).size;
    await deleteByIds(tx, 'outbox', 'lead_id', leads);
    // The team's notes are about the person: they go with the leads (the search index goes by trigger).
    await deleteByIds(tx, 'lead_notes', 'lead_id', [...(found.contacts ?? []), ...(found.quotes ?? [])]);
    // The key's fingerprint is a hash of the lead's content: personal data too.
    await deleteByIds(tx, 'idempotency_keys', 'resource_id', leads);
    // Rows an older release wrote have no lead_id; of those, only a pending one still holds a
    // copy. An erasure's own notice has none either, and must stay.
    await tx.run(
      `DELETE FROM outbox WHERE lead_id IS NULL AND status = 'pending' AND kind IN ('contact', 'quote')
         AND lower(payload ->> 'email') = lower(?)`,
      [email],
    );
    return { facts: { mailedLeads, crm } };
  },
  async purge(tx, { cutoffs: { leads } }) {
    if (!leads) return { counts: { outbox: 0 } };
    const before = [leads.toISOString()];
    // A note is younger than its lead: it goes when its lead has gone.
    await tx.run(
      'DELETE FROM lead_notes WHERE lead_id NOT IN (SELECT id FROM contacts UNION ALL SELECT id FROM quotes)',
    );
    await tx.run('DELETE FROM idempotency_keys WHERE created_at < ?', before);
    return { counts: { outbox: await tx.run('DELETE FROM outbox WHERE created_at < ?', before) } };
  },
});

/** The audit record keeps its lines without whose records they were (docs/requirements.md §10.17). */
const auditHooks: PersonalDataHooks = {
  tables: ['audit_log'],
  async erase(tx, { found }) {
    await forgetLeads(tx, Object.values(found).flat());
    return {};
  },
  async purge(tx, { cutoffs: { leads }, found }) {
    await forgetLeads(tx, Object.values(found).flat());
    return { counts: { audit: leads ? await purgeAuditBefore(tx, leads) : 0 } };
  },
};

/** The hooks of the features not yet modules, in the order they must run after the modules' own. */
export const legacyHooks = (outbox: OutboxWriter) => [
  quoteHooks,
  suspectHooks,
  applicationHooks,
  proposalHooks,
  leadCopyHooks(outbox),
  auditHooks,
];
