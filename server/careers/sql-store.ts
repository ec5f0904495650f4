import { randomUUID } from 'node:crypto';
import type { OpenPosition, Position, PositionInput, PositionKind } from '../../shared/positions';
import { instant, optional, text, textAs } from '../db/columns';
import type { Database, Queries, Row } from '../db/database';
import { tableOf } from '../db/table';
import type { AuditContext, AuditWriter } from '../module/audit';
import type { CareersAction } from './audit';

// The job openings (docs/requirements.md §6.5). A position is never deleted: closed, it leaves the
// landing page and keeps the applications that name it. Each change is written with its audit line
// in one transaction.

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

const positions = tableOf('positions', {
  id: text,
  title: text,
  city: text,
  uf: text,
  kind: textAs<PositionKind>(),
  requirements: text,
  created_at: instant,
  created_by: optional(text),
  updated_at: instant,
  updated_by: optional(text),
  closed_at: optional(instant),
  closed_by: optional(text),
});
const COLUMNS = positions.list();
const OPEN = 'closed_at IS NULL';
// PostgreSQL refuses a malformed uuid with an error, not a miss: an id from a URL is checked first.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const openPositionOf = ({ id, title, city, uf, kind, requirements }: Position): OpenPosition => ({
  id,
  title,
  city,
  uf,
  kind,
  requirements,
});

const positionOf = (row: Row): Position => {
  const position = positions.decode(row);
  return { ...position, open: position.closedAt === undefined };
};

/** The member who acted, as the row names them: none for another actor. */
const memberOf = (by: AuditContext) => (by.actor.kind === 'member' ? by.actor.id : null);

const fieldsOf = (input: PositionInput) => [input.title, input.city, input.uf, input.kind, input.requirements];

async function read(queries: Queries, id: string) {
  const row = await queries.get(`SELECT ${COLUMNS} FROM positions WHERE id = ?`, [id]);
  return row && positionOf(row);
}

export function sqlPositions(db: Database, audit: AuditWriter<CareersAction>): PositionStore {
  return {
    listOpen: async () =>
      (await db.all(`SELECT ${COLUMNS} FROM positions WHERE ${OPEN} ORDER BY seq`)).map((row) =>
        openPositionOf(positionOf(row)),
      ),

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
        await audit.append(tx, { ...by, action: 'position.created', subject: id, detail: { título: input.title } });
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
            await audit.append(tx, { ...by, action: 'position.updated', subject: id, detail: { título: input.title } });
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
            await audit.append(tx, {
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
