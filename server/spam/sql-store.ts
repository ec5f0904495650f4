import type { ContactFields } from '../../shared/contact';
import type { QuoteFields } from '../../shared/quote';
import type { Finding, SuspectState } from '../../shared/spam';
import { appendAudit } from '../audit/sql-store';
import type { Database, Queries } from '../db/database';
import { fromJson, instant } from '../db/results';
import type { Enqueue } from '../leads/arrival';
import { contactsTable, quotesTable } from '../leads/rows';
import { insertLead } from '../leads/storage';
import type { AuditContext } from '../module/audit';
import { withdrawDeliveries } from '../outbox/sql-store';
import { contentFindings, lessonOf, quoteAsPost, type Verdict } from './judge';
import { learn } from './learning';

// The "Suspeitos" folder's storage (docs/requirements.md §6.4): a held post waits in `suspects`, apart from the
// leads, so no listing, export, inbox view or delivery can see it until a member releases it.

/** What a held post would have been: a contact, or a quote (docs/requirements.md §10.9). */
type HeldKind = 'contact' | 'quote';

/** A held post as the folder shows it; a quote's person and notes are shown as a contact's. */
type Suspect = {
  id: string;
  kind: HeldKind;
  state: SuspectState;
  createdAt: string;
  fields: ContactFields;
  /** The quote as it was sent, when the post is one. */
  quote?: QuoteFields;
  findings: Finding[];
  score: number;
  markedAt?: string;
};

/** Where a page of the folder starts: below this arrival (newest first). */
type SuspectCursor = { createdAt: string; id: string };

/** 'restored': the post was a contact moved here by "É spam", now back in the inbox. */
type Released = 'released' | 'restored' | 'gone';
type Marked = 'marked' | 'already' | 'gone';

export interface SuspectStore {
  /** One page of a state's posts, newest first, below `after` when given. */
  listSuspects(state: SuspectState, limit: number, after?: SuspectCursor): Promise<Suspect[]>;
  /** How many posts wait in each state: the folder's size. */
  suspectCounts(): Promise<Record<SuspectState, number>>;
  /**
   * "Não é spam": the post becomes the contact it would have been, with its id and arrival time,
   * its deliveries queued in the same transaction; the team's mark is learnt. Exactly once: of
   * two releases racing (a double click, two replicas), one finds it gone. 'restored' when it was
   * a contact moved here by "É spam" rather than a post held on arrival.
   */
  releaseSuspect(id: string, by: AuditContext): Promise<Released>;
  /** "É spam": it stays out, marked, until the retention erases it; the mark is learnt. */
  markSpam(id: string, by: AuditContext): Promise<Marked>;
  /**
   * "É spam" on a contact that got through: it leaves the inbox with its notes and its deliveries
   * not yet made, and waits in "Marcados como spam" with its id and arrival time, where "Não é spam"
   * brings it back. Of two racing, one finds it already marked.
   */
  moveToSpam(id: string, by: AuditContext): Promise<Marked>;
}

const COLUMNS = 'id, kind, state, created_at, fields, reasons, marked_at';

/** Who marked it, when a member did (the API's token marks nothing). */
const markerOf = (by: AuditContext) => (by.actor.kind === 'member' ? by.actor.id : null);

function suspectOf(row: Record<string, unknown>): Suspect {
  const findings: Finding[] = fromJson(row.reasons);
  const kind = row.kind === 'quote' ? 'quote' : 'contact';
  const fields = fromJson(row.fields);
  return {
    id: String(row.id),
    kind,
    state: row.state as SuspectState,
    createdAt: instant(row.created_at)!,
    fields: kind === 'quote' ? quoteAsPost(fields as QuoteFields) : (fields as ContactFields),
    ...(kind === 'quote' && { quote: fields as QuoteFields }),
    findings,
    score: Math.round(findings.reduce((sum, finding) => sum + finding.weight, 0) * 100) / 100,
    ...(row.marked_at != null && { markedAt: instant(row.marked_at) }),
  };
}

/** Holds a post as suspect, in the transaction that would have stored it as a lead (a contact unless said). */
export async function holdSuspect(
  tx: Queries,
  id: string,
  createdAt: string,
  fields: ContactFields | QuoteFields,
  verdict: Verdict,
  kind: HeldKind = 'contact',
) {
  await tx.run(
    `INSERT INTO suspects (id, kind, email, state, reasons, fields, created_at) VALUES (?, ?, ?, 'suspect', ?, ?, ?)`,
    [id, kind, fields.email, JSON.stringify(verdict.findings), JSON.stringify(fields), createdAt],
  );
}

/** The fields of a quote held on arrival, for its Idempotency-Key's replay; undefined when none has `id`. */
export async function heldQuote(tx: Queries, id: string) {
  const row = await tx.get(`SELECT fields FROM suspects WHERE id = ? AND kind = 'quote'`, [id]);
  return row && (fromJson(row.fields) as QuoteFields);
}

export function sqlSuspects(db: Database, enqueue: Enqueue): SuspectStore {
  return {
    listSuspects: async (state, limit, after) => {
      const below = after ? ' AND (created_at < ? OR (created_at = ? AND id < ?))' : '';
      const rows = await db.all(
        `SELECT ${COLUMNS} FROM suspects WHERE state = ?${below} ORDER BY created_at DESC, id DESC LIMIT ?`,
        [state, ...(after ? [after.createdAt, after.createdAt, after.id] : []), limit],
      );
      return rows.map(suspectOf);
    },

    suspectCounts: async () => {
      const rows = await db.all('SELECT state, count(*) AS posts FROM suspects GROUP BY state');
      const counts = { suspect: 0, spam: 0 };
      for (const row of rows) counts[row.state as SuspectState] = Number(row.posts);
      return counts;
    },

    releaseSuspect: (id, by) =>
      db.transaction(async (tx): Promise<Released> => {
        // The DELETE is the claim: a second release (PostgreSQL waits for this one to commit) finds nothing.
        const [row] = await tx.all(`DELETE FROM suspects WHERE id = ? RETURNING ${COLUMNS}, moved_at`, [id]);
        if (!row) return 'gone';
        const suspect = suspectOf(row);
        const lesson = lessonOf(suspect.fields, suspect.findings);
        if (suspect.state === 'spam') await learn(tx, lesson, 'spam', -1);
        await learn(tx, lesson, 'ham');
        // A quote goes back to its own table, as it was sent; either way its promise's clock starts
        // now, not at its arrival: the team could not see it until now (decision 045).
        const released = [new Date().toISOString(), id];
        if (suspect.quote) {
          const record = await insertLead(tx, quotesTable, id, suspect.createdAt, suspect.quote);
          await tx.run('UPDATE quotes SET released_at = ? WHERE id = ?', released);
          await enqueue(tx, { kind: 'quote', record });
        } else {
          const record = await insertLead(tx, contactsTable, id, suspect.createdAt, suspect.fields);
          await tx.run('UPDATE contacts SET released_at = ? WHERE id = ?', released);
          await enqueue(tx, { kind: 'contact', record });
        }
        await appendAudit(tx, { ...by, action: 'suspect.released', leadIds: [id] });
        return row.moved_at == null ? 'released' : 'restored';
      }),

    markSpam: (id, by) =>
      db.transaction(async (tx): Promise<Marked> => {
        const markedBy = markerOf(by);
        const [row] = await tx.all(
          `UPDATE suspects SET state = 'spam', marked_by = ?, marked_at = ? WHERE id = ? AND state = 'suspect'
             RETURNING ${COLUMNS}`,
          [markedBy, new Date().toISOString(), id],
        );
        if (!row) return (await tx.get('SELECT 1 AS found FROM suspects WHERE id = ?', [id])) ? 'already' : 'gone';
        const suspect = suspectOf(row);
        await learn(tx, lessonOf(suspect.fields, suspect.findings), 'spam');
        await appendAudit(tx, { ...by, action: 'suspect.spam', leadIds: [id] });
        return 'marked';
      }),

    moveToSpam: (id, by) =>
      db.transaction(async (tx): Promise<Marked> => {
        // The DELETE is the claim, as a release's: of two racing, the second finds no contact.
        const [row] = await tx.all(`DELETE FROM contacts WHERE id = ? RETURNING *`, [id]);
        if (!row) return (await tx.get('SELECT 1 AS found FROM suspects WHERE id = ?', [id])) ? 'already' : 'gone';
        const { id: _id, status: _status, createdAt, ...fields } = contactsTable.toRecord(row);
        await tx.run('DELETE FROM lead_notes WHERE lead_id = ?', [id]);
        await withdrawDeliveries(tx, db.dialect.now, id);
        // Kept with what its content shows, so that a later release takes back exactly what this taught.
        const findings = contentFindings(fields);
        const now = new Date().toISOString();
        await tx.run(
          `INSERT INTO suspects (id, email, state, reasons, fields, created_at, marked_by, marked_at, moved_at)
             VALUES (?, ?, 'spam', ?, ?, ?, ?, ?, ?)`,
          [id, fields.email, JSON.stringify(findings), JSON.stringify(fields), createdAt, markerOf(by), now, now],
        );
        const lesson = lessonOf(fields, findings);
        // Released from the folder, or taken up out of Novo, it was learnt as a real lead, once (its
        // release, or server/inbox/sql-store.ts): the team now says otherwise.
        if (row.released_at != null || row.responded_at != null) await learn(tx, lesson, 'ham', -1);
        await learn(tx, lesson, 'spam');
        await appendAudit(tx, { ...by, action: 'suspect.spam', leadIds: [id] });
        return 'marked';
      }),
  };
}
