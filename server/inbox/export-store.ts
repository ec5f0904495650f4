import type { LeadNote, LeadQuery } from '../../shared/inbox';
import { type Database, inSlices } from '../db/database';
import type { WorkedLead } from '../leads/resource';
import { type InboxStore, KINDS, OWNER_NAME, WORK_COLUMNS, workOf } from './sql-store';

// The inbox's export (docs/requirements.md §6.4, §10.16): every lead a view selects,
// whole, with the team's notes, read in batches so that memory holds one batch whatever the view.

/** A lead as the export writes it: the record, the team's work on it, and all its notes, oldest first. */
export type ExportedLead = WorkedLead & { notes: LeadNote[] };

export interface InboxExportStore {
  /**
   * Every lead `query` selects, newest first, in batches of `size()` rows, asked before each. Each
   * batch is three short statements: the inbox's own keyset page, then the page's rows and notes by id.
   */
  leadBatches(query: LeadQuery, size: () => number): AsyncIterable<ExportedLead[]>;
}

const instant = (value: unknown) => new Date(value as string | Date).toISOString();

export function sqlInboxExport(db: Database, inbox: Pick<InboxStore, 'listLeads'>): InboxExportStore {
  /** The whole leads of one kind among `ids`, by id. */
  async function leadsOf(kind: (typeof KINDS)[number], ids: string[]) {
    const found = new Map<string, WorkedLead>();
    const { table } = kind;
    const work = WORK_COLUMNS.split(', ').map((column) => `l.${column}`);
    for (const slice of inSlices(ids)) {
      const rows = await db.all(
        `SELECT ${[...table.columns.map((column) => `l.${column}`), ...work].join(', ')}, ${OWNER_NAME} AS owner_name ` +
          `FROM ${table.name} l LEFT JOIN members m ON m.id = l.owner_id WHERE l.id IN (${slice.placeholders})`,
        slice.ids,
      );
      for (const row of rows)
        found.set(String(row.id), { kind: kind.kind, record: table.toRecord(row), work: workOf(row) } as WorkedLead);
    }
    return found;
  }

  /** The notes of `ids`, oldest first per lead. */
  async function notesOf(ids: string[]) {
    const notes = new Map<string, LeadNote[]>();
    for (const slice of inSlices(ids)) {
      const rows = await db.all(
        'SELECT n.lead_id, n.id, n.author_id, m.name AS author_name, n.body, n.created_at FROM lead_notes n ' +
          `LEFT JOIN members m ON m.id = n.author_id WHERE n.lead_id IN (${slice.placeholders}) ORDER BY n.seq`,
        slice.ids,
      );
      for (const row of rows) {
        const list = notes.get(String(row.lead_id)) ?? [];
        list.push({
          id: String(row.id),
          author: { id: String(row.author_id), name: String(row.author_name ?? '') },
          body: String(row.body),
          createdAt: instant(row.created_at),
        });
        notes.set(String(row.lead_id), list);
      }
    }
    return notes;
  }

  return {
    async *leadBatches(query, size) {
      let asked = size();
      for (let page = await inbox.listLeads(query, asked); page.length; ) {
        const ids = (kind: string) => page.filter((row) => row.kind === kind).map((row) => row.id);
        const [contacts, quotes, notes] = await Promise.all([
          leadsOf(KINDS[0], ids('contact')),
          leadsOf(KINDS[1], ids('quote')),
          notesOf(page.map((row) => row.id)),
        ]);
        // A lead erased between the page and its rows is left out, as it would be a moment later.
        yield page.flatMap((row) => {
          const lead = (row.kind === 'contact' ? contacts : quotes).get(row.id);
          return lead ? [{ ...lead, notes: notes.get(row.id) ?? [] }] : [];
        });
        // A short page was the last: no statement to learn that nothing follows.
        if (page.length < asked) return;
        const { createdAt, id } = page.at(-1)!;
        asked = size();
        page = await inbox.listLeads(query, asked, { createdAt, id });
      }
    },
  };
}
