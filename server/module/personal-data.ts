import type { Queries } from '../db/database';

// What LGPD asks of each module that holds personal data (docs/requirements.md §10.17, §10.18):
// a person's access, their erasure, the retention's purge, and the names the audit page reads.
// The personal-data module runs every module's hooks in one transaction, in the composition's
// order (server/composition/modules.ts): a module comes after those whose ids it needs.

/** Ids by what they are ('contacts', 'quotes', …): what the modules before this one found or erased. */
export type Found = Readonly<Record<string, readonly string[]>>;

/**
 * The person asked about (by e-mail, in any letter case), and what the modules before found of them.
 * @public (the modules' contract: server/module/)
 */
export type Subject = { email: string; found: Found };

/**
 * A module's sections of a person's access: each section's entries, built field by field from an
 * allow-list (a field added later is not shown until someone adds it there), and the ids of them
 * that the access's audit line names.
 * @public (the modules' contract: server/module/)
 */
export type AccessParts = Record<string, { entries: readonly object[]; named: readonly string[] }>;

/** What a module's erasure or purge did: how many of each, their ids for the modules after it, and facts for the reply. */
export type Erased = {
  /** How many of each it erased, by what they are: the line of the record and the reply count them. */
  counts?: Readonly<Record<string, number>>;
  /** The ids it erased, by what they are: what later modules erase with them, and the record forgets. */
  ids?: Found;
  /** What else the reply says of it: whether the CRM was told, how many leads sales was mailed. */
  facts?: Readonly<Record<string, string | number | boolean>>;
};

/**
 * What a purge erases, by retention setting ('leads' from RETENTION_DAYS, 'suspects', 'applications'):
 * what was stored before its cutoff; none for a setting that keeps forever. `now` is the purge's clock.
 */
export type PurgeCutoffs = { now: Date } & Readonly<Record<string, Date | undefined>>;

/**
 * One purge: its cutoffs, and what the modules before this one purged.
 * @public (the modules' contract: server/module/)
 */
export type Purge = { cutoffs: PurgeCutoffs; found: Found };

/**
 * Who an id is, as the audit page names it when it shows a line (the record keeps ids only).
 * @public (the modules' contract: server/module/)
 */
export type RecordLabel = { id: string; kind: string; name: string; company?: string };

export type PersonalDataHooks = {
  /** Its tables: after an erasure or a purge the backend lets go of what was deleted there (Dialect.afterErasure). */
  tables?: readonly string[];
  access?(tx: Queries, subject: Subject): Promise<AccessParts>;
  erase?(tx: Queries, subject: Subject): Promise<Erased>;
  purge?(tx: Queries, purge: Purge): Promise<Erased>;
  labels?(queries: Queries, ids: readonly string[]): Promise<RecordLabel[]>;
};
