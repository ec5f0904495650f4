import { randomUUID } from 'node:crypto';
import type { Contact } from '../../shared/contact';
import type { InboxCursor, InboxRow, LeadNote, LeadQuery, LeadWork } from '../../shared/inbox';
import type { LeadKind, LeadStatus } from '../../shared/lead-status';
import type { Quote } from '../../shared/quote';
import { memberName } from '../../shared/team';
import { appendAudit } from '../audit/sql-store';
import { type Database, inSlices, type Param, type Queries, type Row } from '../db/database';
import { instant } from '../db/results';
import { CLOCK_START, SEARCHED } from '../db/schema';
import type { WorkedLead } from '../leads/resource';
import { contactsTable, quotesTable, type Table } from '../leads/rows';
import type { AuditContext } from '../module/audit';
import { leadLessonOf } from '../spam/judge';
import { learn } from '../spam/learning';

// The inbox's reads and the team's changes to a lead (docs/requirements.md §6.4). Contacts
// and quotes stay in their own tables; the inbox reads both as one list, newest first.

/** What a member changes at once: any of these; a note is added, never edited. */
export type LeadChange = { status?: LeadStatus; lostReason?: string; owner?: string | null; note?: string };

/** Who changes a lead, and from where: a member on the lead's page, or a CRM with the API's token. */
export type ChangedBy = AuditContext & { actor: { kind: 'member'; id: string; email: string } | { kind: 'token' } };

/**
 * The author of a note the API's token wrote: no member, and lead_notes.author_id is NOT NULL. The
 * nil UUID is no member's id (members get random v4 ones), so the join finds nobody and the note reads 'API'.
 */
const API_AUTHOR = '00000000-0000-0000-0000-000000000000';

/** Told of every change in its transaction, with the lead as it now stands: the updated webhook's row. */
export type AnnounceChange = (tx: Queries, lead: WorkedLead, notes: LeadNote[]) => Promise<void>;

type ChangeResult =
  /** `recorded`: whether the change wrote an audit line (a change of nothing bumps the version alone). */
  | { outcome: 'changed'; lead: WorkedLead; recorded: boolean }
  /** The lead changed since `version`: nothing was written; here it is as it stands now. */
  | { outcome: 'conflict'; lead: WorkedLead };

export interface InboxStore {
  /** Up to `limit` leads that `query` selects, newest first, after `cursor` (keyset pagination). */
  listLeads(query: LeadQuery, limit: number, cursor?: InboxCursor): Promise<InboxRow[]>;
  /** `id` must be a UUID (the router checks); undefined when no lead has it. */
  getLead(id: string): Promise<WorkedLead | undefined>;
  /** The team's notes on a lead, oldest first. */
  leadNotes(id: string): Promise<LeadNote[]>;
  /**
   * Applies `change` if the lead is still at `version`, in one transaction with its note and its audit
   * lines; undefined when no lead has `id`.
   */
  changeLead(id: string, version: number, change: LeadChange, by: ChangedBy): Promise<ChangeResult | undefined>;
  /**
   * Who the leads `ids` are, as the audit record names them when it is read: a contact's or quote's
   * person and company, or a post in the Suspeitos folder's (the record keeps ids only). An id of
   * none is an erased lead, and is not in the answer.
   */
  leadLabels(ids: readonly string[]): Promise<LeadLabel[]>;
  /**
   * In the caller's transaction (a revocation's): every open lead `from` owns goes to `to` (null:
   * nobody), each with its lead.owner line and its updated webhook, as a change on its page. Closed
   * leads keep their owner. The ids handed over.
   */
  handOver(tx: Queries, from: string, to: string | null, by: AuditContext): Promise<string[]>;
  /** Whether any lead, open or closed, names `memberId` as its owner, or had it until their revocation. */
  ownsLeads(memberId: string): Promise<boolean>;
}

/** A lead or a held post by its person: the audit page's words for an id. */
type LeadLabel = { id: string; kind: LeadKind | 'suspect'; name: string; company?: string };

/** A quote's columns its freight is read from (server/freight/quote-freight.ts); a contact has none. */
const TRIP_COLUMNS = ['origin_city', 'origin_state', 'destination_city', 'destination_state', 'cargo_type', 'vehicle'];

export const KINDS = [
  {
    kind: 'contact',
    table: contactsTable,
    summary: 'message',
    trip: TRIP_COLUMNS.map((column) => `NULL AS ${column}`).join(', '),
  },
  {
    kind: 'quote',
    table: quotesTable,
    summary: `origin_city || '/' || origin_state || ' → ' || destination_city || '/' || destination_state`,
    trip: TRIP_COLUMNS.join(', '),
  },
] as const satisfies readonly { kind: LeadKind; table: Table<unknown, never>; summary: string; trip: string }[];

export const WORK_COLUMNS = 'owner_id, lost_reason, responded_at, version, updated_at, released_at';

/**
 * The owner's name from `members m`, marked when their access was revoked: a closed lead keeps who
 * worked it (docs/requirements.md §6.3). The mark is shared/team.ts's memberName, in SQL.
 */
const nameOf = (member: string) =>
  `CASE WHEN ${member}.revoked_at IS NULL THEN ${member}.name ELSE ${member}.name || '${memberName({ name: '', revoked: true })}' END`;
export const OWNER_NAME = nameOf('m');

/** The statuses of a lead still being worked: what a revoked member hands over, what a refusal loses. */
export const OPEN_STATUSES = ['new', 'pending', 'contacted', 'proposal'];

/** PostgreSQL's driver hands back a Date, SQLite the ISO text it stored. */
const ownerOf = (row: Row) =>
  row.owner_id == null
    ? undefined
    : {
        id: String(row.owner_id),
        name: String(row.owner_name ?? ''),
        ...(row.owner_email != null && { email: String(row.owner_email) }),
      };

/**
 * A quote an older replica stored during a rolling deploy says 'pending', the status before the inbox
 * (server/db/schema.ts, migration 12): it is 'new', as the migration made every one before it.
 */
const LEGACY_NEW = 'pending';
const statusOf = (row: Row) => (row.status === LEGACY_NEW ? 'new' : String(row.status)) as LeadStatus;

export const workOf = (row: Row): LeadWork => ({
  status: statusOf(row),
  ...(row.lost_reason != null && { lostReason: String(row.lost_reason) }),
  ...(row.owner_id != null && { owner: ownerOf(row) }),
  ...(row.responded_at != null && { respondedAt: instant(row.responded_at) }),
  version: Number(row.version),
  ...(row.updated_at != null && { updatedAt: instant(row.updated_at) }),
  ...(row.released_at != null && { releasedAt: instant(row.released_at) }),
});

/** One kind's rows that `query` selects, as the inbox's columns, at most `limit`, newest first. */
function arm(
  db: Database,
  { kind, table, summary, trip }: (typeof KINDS)[number],
  query: LeadQuery,
  limit: number,
  cursor?: InboxCursor,
) {
  const conditions: string[] = [];
  const params: Param[] = [];
  const where = (sql: string, ...values: Param[]) => {
    conditions.push(sql);
    params.push(...values);
  };
  if (query.status === 'new') where('status IN (?, ?)', query.status, LEGACY_NEW);
  else if (query.status) where('status = ?', query.status);
  if (query.owner === null) where('owner_id IS NULL');
  // A revoked member's leads include those their revocation handed over (§6.3).
  else if (query.owner) where('(owner_id = ? OR former_owner_id = ?)', query.owner, query.owner);
  if (query.source) where('source_utm_source = ?', query.source);
  if (query.campaign) where('source_utm_campaign = ?', query.campaign);
  if (query.since) where('created_at >= ?', query.since);
  if (query.until) where('created_at < ?', query.until);
  if (query.startedSince) where(`${CLOCK_START} >= ?`, query.startedSince);
  if (query.startedBefore) where(`${CLOCK_START} < ?`, query.startedBefore);
  if (query.words?.length) {
    const match = db.dialect.search.matches(table.name, SEARCHED[table.name as keyof typeof SEARCHED], query.words);
    where(match.sql, ...match.params);
  }
  if (cursor) where('(created_at < ? OR (created_at = ? AND id < ?))', cursor.createdAt, cursor.createdAt, cursor.id);
  const sql =
    `SELECT '${kind}' AS kind, id, created_at, name, email, phone, company, status, ${WORK_COLUMNS}, former_owner_id, ` +
    `source_form, source_page, source_utm_source, source_utm_medium, source_utm_campaign, ${summary} AS summary, ${trip} ` +
    `FROM ${table.name} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''} ` +
    'ORDER BY created_at DESC, id DESC LIMIT ?';
  return { sql, params: [...params, limit] };
}

/** What a quote's freight is read at, from its row. */
const tripOf = ({ origin, destination, cargoType, vehicle }: Quote): InboxRow['trip'] => ({
  origin,
  destination,
  cargoType,
  ...(vehicle && { vehicle }),
});

const toRow = (row: Row): InboxRow => {
  const record = (row.kind === 'contact' ? contactsTable : quotesTable).toRecord(row) as Partial<Contact>;
  return {
    kind: row.kind as LeadKind,
    id: String(row.id),
    createdAt: instant(row.created_at)!,
    name: String(row.name),
    email: String(row.email),
    ...(row.phone != null && { phone: String(row.phone) }),
    ...(row.company != null && { company: String(row.company) }),
    status: statusOf(row),
    ...(row.owner_id != null && { owner: ownerOf(row) }),
    ...(row.former_owner_id != null && {
      formerOwner: { id: String(row.former_owner_id), name: String(row.former_owner_name ?? '') },
    }),
    ...(row.responded_at != null && { respondedAt: instant(row.responded_at) }),
    ...(row.released_at != null && { releasedAt: instant(row.released_at) }),
    ...(record.source && { source: record.source }),
    summary: String(row.summary ?? ''),
    ...(row.kind === 'quote' && { trip: tripOf(record as Quote) }),
  };
};

/** The lead `id` of either kind, with its work's columns and its owner's name. */
async function findLead(queries: Queries, id: string): Promise<WorkedLead | undefined> {
  for (const { kind, table } of KINDS) {
    const row = await queries.get(
      `SELECT ${table.columns.map((column) => `l.${column}`).join(', ')}, ` +
        `${WORK_COLUMNS.split(', ')
          .map((column) => `l.${column}`)
          .join(', ')}, ${OWNER_NAME} AS owner_name, m.email AS owner_email ` +
        `FROM ${table.name} l LEFT JOIN members m ON m.id = l.owner_id WHERE l.id = ?`,
      [id],
    );
    if (row) return { kind, record: table.toRecord(row), work: workOf(row) } as WorkedLead;
  }
  return undefined;
}

/**
 * Lead `id` as it stands in `queries`' transaction, with its notes: what a feature that changes a
 * lead beside the inbox (a proposal's acceptance) announces with the inbox's own announcer.
 */
export async function workedLead(queries: Queries, id: string) {
  const lead = await findLead(queries, id);
  return lead && { lead, notes: await notesOf(queries, id) };
}

/** The team's notes on lead `id`, oldest first. */
async function notesOf(queries: Queries, id: string): Promise<LeadNote[]> {
  const rows = await queries.all(
    'SELECT n.id, n.author_id, m.name AS author_name, n.body, n.created_at FROM lead_notes n ' +
      'LEFT JOIN members m ON m.id = n.author_id WHERE n.lead_id = ? ORDER BY n.seq',
    [id],
  );
  return rows.map((row) => ({
    id: String(row.id),
    author: { id: String(row.author_id), name: String(row.author_name ?? (row.author_id === API_AUTHOR ? 'API' : '')) },
    body: String(row.body),
    createdAt: instant(row.created_at)!,
  }));
}

export function sqlInbox(db: Database, announce: AnnounceChange = async () => {}): InboxStore {
  return {
    async listLeads(query, limit, cursor) {
      // Each kind's newest `limit` first, from its own index; then the two lists merged.
      const arms = KINDS.filter(({ kind }) => !query.kind || query.kind === kind).map((each) =>
        arm(db, each, query, limit, cursor),
      );
      const rows = await db.all(
        `SELECT u.*, ${OWNER_NAME} AS owner_name, ${nameOf('f')} AS former_owner_name ` +
          `FROM (${arms.map(({ sql }, n) => `SELECT * FROM (${sql}) AS a${n}`).join(' UNION ALL ')}) AS u ` +
          'LEFT JOIN members m ON m.id = u.owner_id LEFT JOIN members f ON f.id = u.former_owner_id ' +
          'ORDER BY u.created_at DESC, u.id DESC LIMIT ?',
        [...arms.flatMap(({ params }) => params), limit],
      );
      return rows.map(toRow);
    },

    getLead: (id) => findLead(db, id),

    leadNotes: (id) => notesOf(db, id),

    changeLead: (id, version, change, by) =>
      db.transaction(async (tx): Promise<ChangeResult | undefined> => {
        const lead = await findLead(tx, id);
        if (!lead) return undefined;
        if (lead.work.version !== version) return { outcome: 'conflict', lead };
        const now = new Date().toISOString();
        const { work } = lead;
        const status = change.status ?? work.status;
        const owner = change.owner === undefined ? (work.owner?.id ?? null) : change.owner;
        // The clock stops the first time the lead leaves 'new', and stays stopped if it comes back.
        const respondedAt = work.respondedAt ?? (status === 'new' ? null : now);
        const table = lead.kind === 'contact' ? 'contacts' : 'quotes';
        // The version in the WHERE too: of two changes racing past the read above, one updates.
        const updated = await tx.run(
          `UPDATE ${table} SET status = ?, lost_reason = ?, owner_id = ?, responded_at = ?, version = version + 1, ` +
            'updated_at = ? WHERE id = ? AND version = ?',
          [
            status,
            status === 'lost' ? (change.lostReason ?? work.lostReason ?? null) : null,
            owner,
            respondedAt,
            now,
            id,
            version,
          ],
        );
        if (updated === 0) return { outcome: 'conflict', lead: (await findLead(tx, id))! };
        const line = { ...by, leadIds: [id] };
        const recorded = status !== work.status || owner !== (work.owner?.id ?? null) || Boolean(change.note);
        if (status !== work.status)
          await appendAudit(tx, { ...line, action: 'lead.status', detail: { from: work.status, to: status } });
        if (owner !== (work.owner?.id ?? null))
          await appendAudit(tx, { ...line, action: 'lead.owner', detail: { to: owner ?? 'ninguém' } });
        if (change.note) {
          await tx.run('INSERT INTO lead_notes (id, lead_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)', [
            randomUUID(),
            id,
            by.actor.kind === 'member' ? by.actor.id : API_AUTHOR,
            change.note,
            now,
          ]);
          await appendAudit(tx, { ...line, action: 'lead.note' });
        }
        // A contact the team takes up is a real one: its words teach the spam filter what a lead
        // reads like (docs/requirements.md §10.9, docs/decisions/036-spam-quarantine.md). Once, when the clock stops;
        // a post released from the Suspeitos folder was counted by its release (decision 045).
        if (lead.kind === 'contact' && !work.respondedAt && respondedAt && !work.releasedAt)
          await learn(tx, leadLessonOf(lead.record), 'ham');
        const changed = (await findLead(tx, id))!;
        await announce(tx, changed, await notesOf(tx, id));
        return { outcome: 'changed', lead: changed, recorded };
      }),

    async handOver(tx, from, to, by) {
      const now = new Date().toISOString();
      const open = OPEN_STATUSES.map(() => '?').join(', ');
      const ids: string[] = [];
      for (const { table } of KINDS) {
        const rows = await tx.all(
          `UPDATE ${table.name} SET owner_id = ?, former_owner_id = owner_id, version = version + 1, updated_at = ? ` +
            `WHERE owner_id = ? AND status IN (${open}) RETURNING id`,
          [to, now, from, ...OPEN_STATUSES],
        );
        ids.push(...rows.map((row) => String(row.id)));
      }
      for (const id of ids) {
        await appendAudit(tx, { ...by, leadIds: [id], action: 'lead.owner', detail: { to: to ?? 'ninguém', from } });
        await announce(tx, (await findLead(tx, id))!, await notesOf(tx, id));
      }
      return ids;
    },

    async ownsLeads(memberId) {
      const owned = await db.get(
        'SELECT 1 AS owns WHERE ' +
          ['contacts', 'quotes']
            .map((table) => `EXISTS (SELECT 1 FROM ${table} WHERE owner_id = ? OR former_owner_id = ?)`)
            .join(' OR '),
        [memberId, memberId, memberId, memberId],
      );
      return owned !== undefined;
    },

    async leadLabels(ids) {
      const labels: LeadLabel[] = [];
      for (const slice of inSlices([...new Set(ids)])) {
        const rows = await db.all(
          `SELECT 'contact' AS kind, id, name, company FROM contacts WHERE id IN (${slice.placeholders})
           UNION ALL SELECT 'quote', id, name, company FROM quotes WHERE id IN (${slice.placeholders})
           UNION ALL SELECT 'suspect', id, fields ->> 'name', fields ->> 'company' FROM suspects WHERE id IN (${slice.placeholders})`,
          [...slice.ids, ...slice.ids, ...slice.ids],
        );
        for (const row of rows)
          labels.push({
            id: String(row.id),
            kind: row.kind as LeadLabel['kind'],
            name: String(row.name ?? ''),
            ...(row.company != null && { company: String(row.company) }),
          });
      }
      return labels;
    },
  };
}
