import type { SubjectData } from '../../shared/api/types';
import type { Database, Queries } from '../db/database';
import type { AuditContext, AuditWriter } from '../module/audit';
import type { Erased, Found, PersonalDataHooks, PurgeCutoffs } from '../module/personal-data';
import type { PersonalDataAction } from './audit';
import type { CrmNotice } from './messages';

/**
 * What an erasure did: how many of each it erased, and what it leaves to the operator
 * (docs/leads.md, "What an erasure leaves, and where"): how many of the leads had a notification
 * mailed to sales, and whether the CRM was told.
 */
type ErasureDone = {
  contacts: number;
  quotes: number;
  suspects: number;
  applications: number;
  /** Shipments whose people were erased, their fiscal record kept (docs/requirements.md §12.11). */
  shipments: number;
  /** What a module kept by law, in words (its `kept` fact). */
  kept?: string;
  mailedLeads: number;
  crm: CrmNotice;
};

/** What a retention purge erased, audit lines included; undefined when another replica was purging. */
type Purged = Record<string, number>;

/**
 * The retention is the site's own doing: its line names the system (docs/decisions/028-one-audit-record.md).
 * No request, so no address nor request id.
 */
const RETENTION: AuditContext = { actor: { kind: 'system' } };

/** What LGPD asks of the stored data (docs/requirements.md §10.17, §10.18): access, erasure, retention. */
export interface PersonalDataStore {
  /**
   * Everything stored under `email`, in any letter case, newest first; audited as asked `by`, with the
   * records found (docs/requirements.md §10.17). The line never holds the address nor any hash of it.
   */
  readSubject(email: string, by: AuditContext): Promise<SubjectData>;
  /**
   * Erases it all, with its outbox copies and Idempotency-Keys, and takes the records' ids out of the
   * audit record's lines, in one transaction; audited as asked `by`, with the counts only.
   */
  eraseSubject(email: string, by: AuditContext): Promise<ErasureDone>;
  /**
   * Erases what each retention setting says is old (docs/requirements.md §10.9, §10.18), the audit
   * lines older than the leads' too; undefined, having done nothing, when another replica is purging now.
   */
  purgeOlderThan(cutoffs: PurgeCutoffs): Promise<Purged | undefined>;
}

/** `found` with `more` added, section by section. */
const adding = (found: Found, more: Found = {}): Found => {
  const merged: Record<string, readonly string[]> = { ...found };
  for (const [section, ids] of Object.entries(more)) merged[section] = [...(merged[section] ?? []), ...ids];
  return merged;
};

/** Runs each module's part of an erasure or a purge in turn, each seeing what those before it erased. */
async function inTurn(parts: readonly ((found: Found) => Promise<Erased>)[]) {
  let found: Found = {};
  const counts: Record<string, number> = {};
  const facts: Record<string, string | number | boolean> = {};
  for (const part of parts) {
    const done = await part(found);
    found = adding(found, done.ids);
    for (const [name, count] of Object.entries(done.counts ?? {})) counts[name] = (counts[name] ?? 0) + count;
    Object.assign(facts, done.facts);
  }
  return { found, counts, facts };
}

/**
 * The person's access, erasure and retention over every module's hooks (server/module/personal-data.ts),
 * in the composition's order, each in one transaction with its audit line.
 */
export function sqlPersonalData(
  db: Database,
  hooks: readonly PersonalDataHooks[],
  audit: AuditWriter<PersonalDataAction>,
): PersonalDataStore {
  const { purgeLock } = db.dialect;
  const tables = [...new Set(hooks.flatMap((hook) => hook.tables ?? []))];
  /** Deletes in a transaction, then makes the backend let go of what was deleted (Dialect.afterErasure). */
  const erasing = async <T>(work: (tx: Queries) => Promise<T>) => {
    const result = await db.transaction(work);
    if (result !== undefined) await db.all(db.dialect.afterErasure(tables));
    return result;
  };

  return {
    readSubject: (email, by) =>
      db.transaction(async (tx) => {
        let found: Found = {};
        const sections: Record<string, readonly object[]> = {};
        const named: string[] = [];
        for (const hook of hooks) {
          const parts = (await hook.access?.(tx, { email, found })) ?? {};
          for (const [section, { entries, named: ids }] of Object.entries(parts)) {
            sections[section] = entries;
            named.push(...ids);
            found = adding(found, { [section]: ids });
          }
        }
        await audit.append(tx, {
          ...by,
          action: 'subject.access',
          leadIds: named,
          detail: Object.fromEntries(Object.entries(sections).map(([section, entries]) => [section, entries.length])),
        });
        return sections as SubjectData;
      }),

    /**
     * The leads go first and name the rows to erase with them: a lead this transaction sees has its
     * outbox rows committed with it, so none of its copies can slip past (a lead stored after the
     * first DELETE is simply not part of this request). The webhook's receiver is told in the same
     * transaction, through the outbox, so it hears of the erasure even if it is down right now.
     */
    eraseSubject: (email, by) =>
      erasing(async (tx): Promise<ErasureDone> => {
        const { counts, facts } = await inTurn(
          hooks.flatMap(({ erase }) => (erase ? [(found: Found) => erase(tx, { email, found })] : [])),
        );
        const erased = {
          contacts: counts.contacts ?? 0,
          quotes: counts.quotes ?? 0,
          suspects: counts.suspects ?? 0,
          applications: counts.applications ?? 0,
          shipments: counts.shipments ?? 0,
        };
        await audit.append(tx, { ...by, action: 'subject.erasure', detail: erased });
        return {
          ...erased,
          ...(facts.kept !== undefined && { kept: String(facts.kept) }),
          mailedLeads: Number(facts.mailedLeads ?? 0),
          crm: (facts.crm ?? 'off') as CrmNotice,
        };
      }),

    /**
     * An outbox row and an Idempotency-Key carry their lead's creation time, so one cutoff finds a
     * lead and everything written with it, whichever release wrote it.
     */
    purgeOlderThan: (cutoffs) =>
      erasing(async (tx): Promise<Purged | undefined> => {
        if (purgeLock && !(await tx.get(purgeLock))?.locked) return undefined;
        const { counts } = await inTurn(
          hooks.flatMap(({ purge }) => (purge ? [(found: Found) => purge(tx, { cutoffs, found })] : [])),
        );
        await audit.append(tx, { ...RETENTION, action: 'retention.purge', detail: counts });
        return counts;
      }),
  };
}
