import { type Database, inSlices, type Param, type Queries, type Row } from '../db/database';
import { fromJson } from '../db/results';
import type { AuditActor, AuditEvent } from '../module/audit';
import { type AuditFilter, type AuditLine, type AuditStore, VIEW_RECORDED_EVERY_MS } from './events';

/** The actor as a line stores it; a member by their e-mail as it was then, and their id beside it. */
const ACTOR_NAMES = { token: 'token', system: 'sistema', anonymous: 'anônimo' } as const;
const actorName = (actor: AuditActor) => (actor.kind === 'member' ? actor.email : ACTOR_NAMES[actor.kind]);

const COLUMNS = 'seq, at, action, contacts, quotes, request_id, actor, actor_id, subject, lead_ids, detail, ip';

/**
 * Lines written before the record was one (docs/decisions/028-one-audit-record.md), and by an older
 * replica during a rolling deploy, have only their counts and no actor: the API token asked for
 * access and erasure, the retention purged.
 */
function toLine(row: Row): AuditLine {
  const action = String(row.action) as AuditLine['action'];
  const legacy = row.actor === null;
  const leadIds: string[] | undefined = fromJson(row.lead_ids);
  const detail =
    fromJson(row.detail) ?? (legacy ? { contacts: Number(row.contacts), quotes: Number(row.quotes) } : null);
  return {
    seq: Number(row.seq),
    at: new Date(row.at as string | Date).toISOString(),
    action,
    actor: legacy ? (action === 'retention.purge' ? ACTOR_NAMES.system : ACTOR_NAMES.token) : String(row.actor),
    ...(row.actor_id !== null && { actorId: String(row.actor_id) }),
    ...(row.subject !== null && { subject: String(row.subject) }),
    ...(leadIds?.length && { leadIds }),
    ...(detail && { detail }),
    ...(row.ip !== null && { ip: String(row.ip) }),
    ...(row.request_id !== null && { requestId: String(row.request_id) }),
  };
}

const count = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * Appends one line, on `tx`: the caller's transaction, so that a line is committed with what it
 * records, or not at all. The counts of before (contacts, quotes) are still filled from the detail,
 * 0 when it has none: those columns are NOT NULL, which SQLite cannot drop, and the queries written
 * for the rows of before still find their counts there.
 */
export async function appendAudit(tx: Queries, event: AuditEvent) {
  const { actor, detail, leadIds } = event;
  const params: Param[] = [
    new Date().toISOString(),
    event.action,
    count(detail?.contacts),
    count(detail?.quotes),
    event.requestId ?? null,
    actorName(actor),
    actor.kind === 'member' ? actor.id : null,
    event.subject ?? null,
    leadIds?.length ? JSON.stringify(leadIds) : null,
    detail ? JSON.stringify(detail) : null,
    event.ip ?? null,
    // The one lead a line is about, indexed: a lead's history (server/inbox/) reads by it.
    leadIds?.length === 1 ? leadIds[0]! : null,
  ];
  await tx.run(
    `INSERT INTO audit_log (at, action, contacts, quotes, request_id, actor, actor_id, subject, lead_ids, detail, ip, lead_id)
     VALUES (${params.map(() => '?').join(', ')})`,
    params,
  );
}

/**
 * A person's erasure (docs/requirements.md §10.17): takes their leads' ids out of every line that
 * names them, and keeps the lines, in the erasure's own transaction. An id is a UUID, so its quoted
 * form in the JSON text finds exactly the lines that hold it; erasures are rare, so the scan of the
 * record they cost is paid seldom, and the record is bounded by the retention.
 */
export async function forgetLeads(tx: Queries, ids: readonly string[]) {
  const erased = new Set(ids);
  for (const slice of inSlices([...ids])) {
    const matches = slice.ids.map(() => 'CAST(lead_ids AS text) LIKE ?').join(' OR ');
    const rows = await tx.all(
      `SELECT seq, lead_ids FROM audit_log WHERE lead_ids IS NOT NULL AND (${matches})`,
      slice.ids.map((id) => `%"${id}"%`),
    );
    for (const row of rows) {
      const kept = (fromJson(row.lead_ids) as string[]).filter((id) => !erased.has(id));
      await tx.run('UPDATE audit_log SET lead_ids = ? WHERE seq = ?', [
        kept.length ? JSON.stringify(kept) : null,
        Number(row.seq),
      ]);
    }
    await tx.run(`UPDATE audit_log SET lead_id = NULL WHERE lead_id IN (${slice.placeholders})`, slice.ids);
  }
}

/** The retention (docs/requirements.md §10.18): lines older than `cutoff` go, in the purge's transaction. */
export const purgeAuditBefore = (tx: Queries, cutoff: Date) =>
  tx.run('DELETE FROM audit_log WHERE at < ?', [cutoff.toISOString()]);

/**
 * The audit record in the audit_log table. Append-only as far as the app goes: besides this
 * INSERT, only forgetLeads and purgeAuditBefore touch a line, and only from an erasure and from the
 * retention.
 */
export function sqlAudit(db: Database): AuditStore {
  return {
    // One statement is atomic on both backends: no transaction of its own needed.
    recordAudit: (event) => appendAudit(db, event),
    async recordView(event) {
      const { actor, action, leadIds } = event;
      if (actor.kind !== 'member') return appendAudit(db, event);
      // Checked and written in one transaction, each member's view of a lead in turn with its like:
      // two tabs opened at once write one line.
      await db.transaction(async (tx) => {
        if (db.dialect.keyLock) await tx.get(db.dialect.keyLock, [`audit-view:${actor.id}:${leadIds[0]}`]);
        const since = new Date(Date.now() - VIEW_RECORDED_EVERY_MS).toISOString();
        const seen = await tx.get(
          'SELECT 1 AS seen FROM audit_log WHERE lead_id = ? AND actor_id = ? AND action = ? AND at > ?',
          [leadIds[0], actor.id, action, since],
        );
        if (!seen) await appendAudit(tx, event);
      });
    },
    async readAudit({ actorId, action, leadId, before, limit }: AuditFilter) {
      const filters = [
        ['actor_id = ?', actorId],
        ['lead_id = ?', leadId],
        ['action = ?', action],
        ['seq < ?', before],
      ] as const;
      const used = filters.filter(([, value]) => value !== undefined);
      const where = used.length ? `WHERE ${used.map(([condition]) => condition).join(' AND ')}` : '';
      const rows = await db.all(`SELECT ${COLUMNS} FROM audit_log ${where} ORDER BY seq DESC LIMIT ?`, [
        ...used.map(([, value]) => value as Param),
        limit,
      ]);
      return rows.map(toLine);
    },
  };
}
