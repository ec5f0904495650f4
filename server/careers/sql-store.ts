import { randomUUID } from 'node:crypto';
import type { OpenPosition, Position, PositionInput, PositionKind } from '../../shared/positions';
import type { AuditContext } from '../audit/events';
import { appendAudit } from '../audit/sql-store';
import type { Database, Queries, Row } from '../db/database';
import { instant } from '../db/results';

// The job openings (issue 56 §1, docs/requirements.md §6.5). A position is never deleted: closed, it
// leaves the landing page and keeps the applications that name it. Each change is written with its
// audit line in one transaction.

/** What an admin's change found: done, or no such position (or, to close, none still open). */
type Changed = { outcome: 'done'; position: Position } | { outcome: 'missing' };

export interface PositionStore {
  /** The open positions, as the landing page shows them: the oldest first, as they were published. */
  listOpen(): Promise<OpenPosition[]>;
  /** Every position for the workplace: the open ones first, then the closed, newest first within each. */
  listAll(): Promise<Position[]>;
  get(id: string): Promise<Position | undefined>;
  create(input: PositionInput, by: AuditContext): Promise<Position>;
  /** Edits an open or a closed position; a closed one stays closed. */
  update(id: string, input: PositionInput, by: AuditContext): Promise<Changed>;
  /** Closes an open position; 'missing' when there is none open by that id. */
  close(id: string, by: AuditContext): Promise<Changed>;
}

const COLUMNS =
  'id, title, city, uf, kind, requirements, created_at, created_by, updated_at, updated_by, closed_at, closed_by';
const OPEN = 'closed_at IS NULL';
// PostgreSQL refuses a malformed uuid with an error, not a miss: an id from a URL is checked first.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const openPositionOf = (row: Row): OpenPosition => ({
  id: String(row.id),
  title: String(row.title),
  city: String(row.city),
  uf: String(row.uf),
  kind: String(row.kind) as PositionKind,
  requirements: String(row.requirements),
});

const positionOf = (row: Row): Position => ({
  ...openPositionOf(row),
  open: row.closed_at == null,
  createdAt: instant(row.created_at)!,
  ...(row.created_by != null && { createdBy: String(row.created_by) }),
  updatedAt: instant(row.updated_at)!,
  ...(row.updated_by != null && { updatedBy: String(row.updated_by) }),
  ...(row.closed_at != null && { closedAt: instant(row.closed_at) }),
  ...(row.closed_by != null && { closedBy: String(row.closed_by) }),
});

/** The member who acted, as the row names them: none for another actor. */
const memberOf = (by: AuditContext) => (by.actor.kind === 'member' ? by.actor.id : null);

const fieldsOf = (input: PositionInput) => [input.title, input.city, input.uf, input.kind, input.requirements];

async function read(queries: Queries, id: string) {
  const row = await queries.get(`SELECT ${COLUMNS} FROM positions WHERE id = ?`, [id]);
  return row && positionOf(row);
}

export function sqlPositions(db: Database): PositionStore {
  return {
    listOpen: async () =>
      (await db.all(`SELECT ${COLUMNS} FROM positions WHERE ${OPEN} ORDER BY seq`)).map(openPositionOf),

    listAll: async () =>
      (await db.all(`SELECT ${COLUMNS} FROM positions ORDER BY CASE WHEN ${OPEN} THEN 0 ELSE 1 END, seq DESC`)).map(
        positionOf,
      ),

    get: async (id) => (UUID.test(id) ? read(db, id) : undefined),

    create: (input, by) =>
      db.transaction(async (tx) => {
        const id = randomUUID();
        const at = new Date().toISOString();
        await tx.run(
          `INSERT INTO positions (id, title, city, uf, kind, requirements, created_at, created_by, updated_at, updated_by)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [id, ...fieldsOf(input), at, memberOf(by), at, memberOf(by)],
        );
        await appendAudit(tx, { ...by, action: 'position.created', subject: id, detail: { título: input.title } });
        return (await read(tx, id))!;
      }),

    update: (id, input, by) =>
      UUID.test(id)
        ? db.transaction(async (tx): Promise<Changed> => {
            const changed = await tx.run(
              `UPDATE positions SET title = ?, city = ?, uf = ?, kind = ?, requirements = ?, updated_at = ?, updated_by = ?
               WHERE id = ?`,
              [...fieldsOf(input), new Date().toISOString(), memberOf(by), id],
            );
            if (!changed) return { outcome: 'missing' };
            await appendAudit(tx, { ...by, action: 'position.updated', subject: id, detail: { título: input.title } });
            return { outcome: 'done', position: (await read(tx, id))! };
          })
        : Promise.resolve({ outcome: 'missing' }),

    close: (id, by) =>
      UUID.test(id)
        ? db.transaction(async (tx): Promise<Changed> => {
            const at = new Date().toISOString();
            const changed = await tx.run(
              `UPDATE positions SET closed_at = ?, closed_by = ?, updated_at = ?, updated_by = ? WHERE id = ? AND ${OPEN}`,
              [at, memberOf(by), at, memberOf(by), id],
            );
            if (!changed) return { outcome: 'missing' };
            const position = (await read(tx, id))!;
            await appendAudit(tx, {
              ...by,
              action: 'position.closed',
              subject: id,
              detail: { título: position.title },
            });
            return { outcome: 'done', position };
          })
        : Promise.resolve({ outcome: 'missing' }),
  };
}
