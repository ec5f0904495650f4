import { randomUUID } from 'node:crypto';
import {
  type Application,
  type ApplicationFields,
  type ApplicationNote,
  type CnhCategory,
  STAGES,
  type Stage,
} from '../../shared/application';
import type { Finding } from '../../shared/spam';
import { appendAudit } from '../audit/sql-store';
import { text } from '../db/columns';
import type { Database, Param, Queries, Row } from '../db/database';
import { fromJson, instant } from '../db/results';
import { tableOf } from '../db/table';
import type { AuditContext } from '../module/audit';
import { type OutboxWriter, receiptSentWithinADay } from '../module/messages';
import { judge } from '../spam/judge';
import type { ClientSignals } from '../spam/signals';
import { type ApplicationOutbox, applicationOutbox } from './messages';

// The job applications (docs/requirements.md §4.6, §6.6): stored with their CV in one transaction, weighed by the
// spam quarantine as a lead is, and read by the recruiters, every read and download a line of the
// audit record. Erasure and retention are server/applications/erasure.ts's.

/** What the Candidaturas folder shows: the folder's own list, or the applications held as suspect. */
export type ApplicationFilter = {
  positionId?: string;
  state?: string;
  city?: string;
  cnh?: CnhCategory;
  held?: boolean;
};

/** An application with what the folder needs beside it: why it was held, if it was. */
type StoredApplication = Application & { heldReasons?: string[] };

/** The CV's bytes and its sanitised name, for the download. */
type StoredCv = { name: string; bytes: Buffer };

/** A recruiter's change, with who made it (their name for the note, their context for the audit line). */
type By = { context: AuditContext; author: string };

/** The most a list shows at once: the folder is filtered, not scrolled through. */
const LIST_LIMIT = 200;

export const COLUMNS = `id, created_at, name, email, phone, city, state, position_id, talent_pool, cnh, experience, mopp,
  message, stage, held_reasons, cv_name, cv_size`;

export function applicationOf(row: Row): StoredApplication {
  const held: Finding[] | undefined = fromJson(row.held_reasons);
  return {
    id: String(row.id),
    createdAt: instant(row.created_at)!,
    name: String(row.name),
    email: String(row.email),
    phone: String(row.phone),
    city: String(row.city),
    state: String(row.state),
    ...(row.position_id != null && { positionId: String(row.position_id) }),
    talentPool: Number(row.talent_pool) === 1,
    ...(row.cnh != null && { cnh: row.cnh as CnhCategory }),
    experience: fromJson(row.experience) ?? {},
    mopp: Number(row.mopp) === 1,
    ...(row.message != null && { message: String(row.message) }),
    stage: row.stage as Stage,
    cv: { name: String(row.cv_name), size: Number(row.cv_size) },
    ...(held && { heldReasons: held.map((finding) => finding.reason) }),
  };
}

export interface ApplicationStore {
  /**
   * Stores an application and its CV in one transaction, weighed first as the leads are (server/spam/
   * judge.ts): a suspect one is kept apart, held, in the same folder. Resolves with its id.
   */
  receive(
    fields: ApplicationFields,
    cv: StoredCv,
    client: ClientSignals,
    /** The title of the position applied for, as the careers module gave it to the form; none for the talent pool. */
    position?: string,
  ): Promise<{ id: string; held: boolean }>;
  /** Newest first, filtered; audited with the ids shown. */
  list(filter: ApplicationFilter, by: AuditContext): Promise<StoredApplication[]>;
  /** One application with its notes; audited. */
  read(id: string, by: AuditContext): Promise<{ application: StoredApplication; notes: ApplicationNote[] } | undefined>;
  /** The CV for a download; audited. */
  cv(id: string, by: AuditContext): Promise<StoredCv | undefined>;
  addNote(id: string, body: string, by: By): Promise<boolean>;
  setStage(id: string, stage: Stage, by: By): Promise<boolean>;
  /** A held application let into the folder: the team judged it a person's. */
  release(id: string, by: By): Promise<boolean>;
}

/** What the messages read of the admins (docs/requirements.md §10.10). */
const adminAddress = tableOf('members', { email: text });

/**
 * In the application's transaction (docs/requirements.md §10.10): the candidate's receipt, at most one
 * a day per address, and a notice to each active admin. A held application gets neither: a bot's
 * address is not mailed, and the admins see it in the folder's Suspeitos.
 */
async function announce(
  tx: Queries,
  outbox: ApplicationOutbox,
  { id, fields, at, position }: { id: string; fields: ApplicationFields; at: string; position?: string },
) {
  const applied = position ? { position } : {};
  const sameAddress = { sql: 'SELECT id FROM applications WHERE lower(email) = lower(?)', params: [fields.email] };
  if (
    outbox.carries('application.receipt') &&
    !(await receiptSentWithinADay(tx, { kind: 'application.receipt', at, sameAddress }))
  )
    await outbox.enqueue(tx, { kind: 'application.receipt', record: { to: fields.email, ...applied }, leadId: id, at });
  if (!outbox.carries('application.notice')) return;
  const admins = await tx.all("SELECT email FROM members WHERE role = 'admin' AND revoked_at IS NULL ORDER BY seq");
  const { name, city, state } = fields;
  for (const admin of admins)
    await outbox.enqueue(tx, {
      kind: 'application.notice',
      record: { to: adminAddress.decode(admin).email, id, name, city, state, ...applied },
      leadId: id,
      at,
    });
}

export function sqlApplications(db: Database, writer: OutboxWriter): ApplicationStore {
  const outbox = applicationOutbox(writer);
  const exists = async (tx: Queries, id: string) =>
    (await tx.get('SELECT 1 AS found FROM applications WHERE id = ?', [id])) !== undefined;
  return {
    receive: (fields, cv, client, position) =>
      db.transaction(async (tx) => {
        const id = randomUUID();
        const createdAt = new Date().toISOString();
        const post = { name: fields.name, email: fields.email, phone: fields.phone, message: fields.message ?? '' };
        const verdict = await judge(tx, post, client, createdAt);
        await tx.run(
          `INSERT INTO applications (id, created_at, name, email, phone, city, state, position_id, talent_pool, cnh,
             experience, mopp, message, stage, stage_at, held_reasons, cv_name, cv_size)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'nova', ?, ?, ?, ?)`,
          [
            id,
            createdAt,
            fields.name,
            fields.email,
            fields.phone,
            fields.city,
            fields.state,
            fields.positionId ?? null,
            fields.talentPool ? 1 : 0,
            fields.cnh ?? null,
            JSON.stringify(fields.experience),
            fields.mopp ? 1 : 0,
            fields.message ?? null,
            createdAt,
            verdict.suspect ? JSON.stringify(verdict.findings) : null,
            cv.name,
            cv.bytes.length,
          ],
        );
        await tx.run('INSERT INTO application_files (application_id, bytes) VALUES (?, ?)', [id, cv.bytes]);
        if (!verdict.suspect) await announce(tx, outbox, { id, fields, at: createdAt, position });
        return { id, held: verdict.suspect };
      }),

    list: (filter, by) =>
      db.transaction(async (tx) => {
        const where = [filter.held ? 'held_reasons IS NOT NULL' : 'held_reasons IS NULL'];
        const params: Param[] = [];
        const equal = (column: string, value: string | undefined) => {
          if (value === undefined) return;
          where.push(`${column} = ?`);
          params.push(value);
        };
        equal('position_id', filter.positionId);
        equal('state', filter.state);
        equal('cnh', filter.cnh);
        if (filter.city !== undefined) {
          where.push('lower(city) = lower(?)');
          params.push(filter.city);
        }
        const rows = await tx.all(
          `SELECT ${COLUMNS} FROM applications WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ${LIST_LIMIT}`,
          params,
        );
        const applications = rows.map(applicationOf);
        await appendAudit(tx, {
          ...by,
          action: 'applications.read',
          leadIds: applications.map((application) => application.id),
          detail: { count: applications.length, ...(filter.held && { held: true }) },
        });
        return applications;
      }),

    read: (id, by) =>
      db.transaction(async (tx) => {
        const row = await tx.get(`SELECT ${COLUMNS} FROM applications WHERE id = ?`, [id]);
        if (!row) return undefined;
        const notes = (
          await tx.all('SELECT author, body, created_at FROM application_notes WHERE application_id = ? ORDER BY seq', [
            id,
          ])
        ).map((note) => ({ at: instant(note.created_at)!, author: String(note.author), body: String(note.body) }));
        await appendAudit(tx, { ...by, action: 'application.viewed', leadIds: [id] });
        return { application: applicationOf(row), notes };
      }),

    cv: (id, by) =>
      db.transaction(async (tx) => {
        const row = await tx.get(
          `SELECT a.cv_name, f.bytes FROM applications a JOIN application_files f ON f.application_id = a.id
           WHERE a.id = ?`,
          [id],
        );
        if (!row) return undefined;
        await appendAudit(tx, { ...by, action: 'application.cv', leadIds: [id] });
        return { name: String(row.cv_name), bytes: Buffer.from(row.bytes as Uint8Array) };
      }),

    addNote: (id, body, { context, author }) =>
      db.transaction(async (tx) => {
        if (!(await exists(tx, id))) return false;
        await tx.run('INSERT INTO application_notes (application_id, author, body, created_at) VALUES (?, ?, ?, ?)', [
          id,
          author,
          body,
          new Date().toISOString(),
        ]);
        await appendAudit(tx, { ...context, action: 'application.note', leadIds: [id] });
        return true;
      }),

    setStage: (id, stage, { context }) =>
      db.transaction(async (tx) => {
        const changed = await tx.run(`UPDATE applications SET stage = ?, stage_at = ? WHERE id = ? AND stage <> ?`, [
          stage,
          new Date().toISOString(),
          id,
          stage,
        ]);
        if (changed === 0) return exists(tx, id);
        await appendAudit(tx, {
          ...context,
          action: 'application.stage',
          leadIds: [id],
          detail: { stage: STAGES[stage] },
        });
        return true;
      }),

    release: (id, { context }) =>
      db.transaction(async (tx) => {
        const changed = await tx.run('UPDATE applications SET held_reasons = NULL WHERE id = ?', [id]);
        if (changed > 0) await appendAudit(tx, { ...context, action: 'application.released', leadIds: [id] });
        return changed > 0;
      }),
  };
}
