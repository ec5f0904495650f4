import { FINAL_STAGES } from '../../shared/application';
import { inSlices, type Queries } from '../db/database';
import { applicationOf, COLUMNS } from './sql-store';

// What LGPD asks of the applications (docs/requirements.md §10.17, §10.18; art. 15, 16, 18), for server/personal-data/:
// a person's access and erasure, and the retention. An application goes with its CV and its notes,
// always in the caller's transaction.

/** The tables an application's data lives in: those the backend must let go of after an erasure. */
export const APPLICATION_TABLES = ['applications', 'application_files', 'application_notes'] as const;

/**
 * How long an application whose process ended (contratado, encerrada) is kept, unless its candidate
 * chose the talent pool: a day for the recruiter to undo a stage set by mistake
 * (docs/decisions/049-job-applications.md).
 */
const ENDED_GRACE_MS = 24 * 60 * 60_000;

/** Deletes the applications `ids` with their CVs and notes. */
async function eraseIds(tx: Queries, ids: readonly string[]) {
  for (const slice of inSlices([...ids])) {
    await tx.run(`DELETE FROM application_files WHERE application_id IN (${slice.placeholders})`, slice.ids);
    await tx.run(`DELETE FROM application_notes WHERE application_id IN (${slice.placeholders})`, slice.ids);
    await tx.run(`DELETE FROM applications WHERE id IN (${slice.placeholders})`, slice.ids);
  }
}

/** An application as its person's access shows it: what they sent, the CV as base64, and where it stands. */
export async function subjectApplications(tx: Queries, email: string) {
  const rows = await tx.all(
    `SELECT ${COLUMNS}, f.bytes FROM applications a LEFT JOIN application_files f ON f.application_id = a.id
     WHERE lower(a.email) = lower(?) ORDER BY a.seq DESC`,
    [email],
  );
  return rows.map((row) => {
    const { heldReasons, cv, positionId, cnh, message, ...sent } = applicationOf(row);
    return {
      ...sent,
      positionId: positionId ?? null,
      cnh: cnh ?? null,
      message: message ?? null,
      cv: { name: cv.name, pdfBase64: row.bytes ? Buffer.from(row.bytes as Uint8Array).toString('base64') : '' },
    };
  });
}

/** Erases every application sent from `email`, in any letter case; resolves with their ids. */
export async function eraseSubjectApplications(tx: Queries, email: string) {
  const ids = (await tx.all('SELECT id FROM applications WHERE lower(email) = lower(?)', [email])).map((row) =>
    String(row.id),
  );
  await eraseIds(tx, ids);
  return ids;
}

/**
 * Erases the applications sent before `cutoff` (APPLICATION_RETENTION_DAYS), and those whose process
 * ended more than ENDED_GRACE_MS before `now` and whose candidate did not choose the talent pool.
 */
export async function purgeApplications(tx: Queries, cutoff: Date, now: Date) {
  const ended = new Date(now.getTime() - ENDED_GRACE_MS).toISOString();
  const finals = FINAL_STAGES.map(() => '?').join(', ');
  const ids = (
    await tx.all(
      `SELECT id FROM applications
       WHERE created_at < ? OR (talent_pool = 0 AND stage IN (${finals}) AND stage_at < ?)`,
      [cutoff.toISOString(), ...FINAL_STAGES, ended],
    )
  ).map((row) => String(row.id));
  await eraseIds(tx, ids);
  return ids;
}
