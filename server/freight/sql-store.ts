import { AXLE_COUNTS, type Axles } from '../../shared/freight';
import { appendAudit } from '../audit/sql-store';
import type { Database, Param, Queries, Row } from '../db/database';
import { instant } from '../db/results';
import type { AuditContext } from '../module/audit';
import { type LaneStore, sqlLanes } from './lanes';
import { CC_PLACES, CCD_PLACES, formatDecimal, parseDecimal } from './money';
import { type AnttTable, type Cell, cargoTypes, type NewTable, tableFrom } from './tables';

// The ANTT tables' storage (docs/requirements.md §9.5): acts are added whole, in one transaction,
// and never changed but for cells the repository had not transcribed, so that an old quote's act
// still says what it was priced at.

/** An act as stored: where it was read, and who added it when (none: the repository's own, at start). */
type StoredTable = AnttTable & { provenance: string; addedBy?: string; addedAt: string };

type Added =
  | { outcome: 'added'; table: StoredTable }
  | { outcome: 'invalid'; problems: string[] }
  | { outcome: 'duplicate_act' }
  | { outcome: 'duplicate_date'; actId: string };

/** What a seed did with each act: added, completed (cells it now gives), or left (its date is another act's). */
type Seeded = { added: string[]; completed: string[]; skipped: string[] };

export interface FreightStore extends LaneStore {
  /** Every act, oldest first, with its cells: what floorFor reads. */
  anttTables(): Promise<StoredTable[]>;
  /** The act in force on `date` (YYYY-MM-DD). */
  anttTableOn(date: string): Promise<StoredTable | undefined>;
  /** An admin's new act, every cell given: validated, added with its cells and its audit line at once. */
  addAnttTable(input: NewTable, by: AuditContext): Promise<Added>;
  /**
   * The repository's acts (server/freight/acts.ts), at start: each one not yet stored is added; for
   * one stored, cells still not transcribed that the repository now gives are filled in. Replicas
   * starting together add each act once.
   */
  seedAnttTables(tables: readonly AnttTable[], source: string): Promise<Seeded>;
}

const ACT_COLUMNS = 'act_id, act_name, effective_from, provenance, added_by, added_at';

/** A cell as columns: ccd_ten_thousandths, cc_cents, transcribed. */
function columnsOf(cell: Cell): [Param, Param, number] {
  const ccd = cell.kind === 'blank' || cell.ccd === undefined ? null : parseDecimal(cell.ccd, CCD_PLACES)!;
  const cc = cell.kind === 'blank' || cell.cc === undefined ? null : parseDecimal(cell.cc, CC_PLACES)!;
  return [ccd, cc, cell.kind === 'not_transcribed' ? 0 : 1];
}

function cellOf(row: Row): Cell {
  const ccd = row.ccd_ten_thousandths == null ? undefined : formatDecimal(Number(row.ccd_ten_thousandths), CCD_PLACES);
  const cc = row.cc_cents == null ? undefined : formatDecimal(Number(row.cc_cents), CC_PLACES);
  if (Number(row.transcribed) === 0)
    return { kind: 'not_transcribed', ...(ccd !== undefined && { ccd }), ...(cc !== undefined && { cc }) };
  return ccd === undefined || cc === undefined ? { kind: 'blank' } : { kind: 'priced', ccd, cc };
}

async function tablesOf(queries: Queries, acts: Row[]): Promise<StoredTable[]> {
  if (!acts.length) return [];
  const ids = acts.map((act) => String(act.act_id));
  const rows = await queries.all(
    `SELECT * FROM antt_coefficients WHERE act_id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return acts.map((act) => {
    const cells = Object.fromEntries(
      cargoTypes.map((cargo) => [
        cargo,
        Object.fromEntries(AXLE_COUNTS.map((axles) => [axles, { kind: 'not_transcribed' } as Cell])),
      ]),
    ) as AnttTable['cells'];
    for (const row of rows.filter((row) => row.act_id === act.act_id))
      cells[row.cargo_type as keyof typeof cells][Number(row.axles) as Axles] = cellOf(row);
    return {
      id: String(act.act_id),
      name: String(act.act_name),
      effectiveFrom: String(act.effective_from),
      cells,
      provenance: String(act.provenance),
      ...(act.added_by != null && { addedBy: String(act.added_by) }),
      addedAt: instant(act.added_at)!,
    };
  });
}

/** Inserts the act, unless its id or its date is taken: true when it was. */
async function insertAct(tx: Queries, table: AnttTable, provenance: string, addedBy: string | null) {
  const added = await tx.run(
    `INSERT INTO antt_tables (${ACT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    [table.id, table.name, table.effectiveFrom, provenance, addedBy, new Date().toISOString()],
  );
  if (!added) return false;
  const cells = cargoTypes.flatMap((cargo) =>
    AXLE_COUNTS.map((axles) => [table.id, cargo, axles, ...columnsOf(table.cells[cargo][axles])]),
  );
  await tx.run(
    'INSERT INTO antt_coefficients (act_id, cargo_type, axles, ccd_ten_thousandths, cc_cents, transcribed) ' +
      `VALUES ${cells.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
    cells.flat(),
  );
  return true;
}

/** Fills the cells of a stored act still not transcribed that `table` gives: how many it filled. */
async function complete(tx: Queries, table: AnttTable) {
  let filled = 0;
  for (const cargo of cargoTypes)
    for (const axles of AXLE_COUNTS) {
      const cell = table.cells[cargo][axles];
      if (cell.kind === 'not_transcribed') continue;
      filled += await tx.run(
        'UPDATE antt_coefficients SET ccd_ten_thousandths = ?, cc_cents = ?, transcribed = ? ' +
          'WHERE act_id = ? AND cargo_type = ? AND axles = ? AND transcribed = 0',
        [...columnsOf(cell), table.id, cargo, axles],
      );
    }
  return filled;
}

const byMember = (by: AuditContext) => (by.actor.kind === 'member' ? by.actor.id : null);

export function sqlFreight(db: Database): FreightStore {
  return {
    ...sqlLanes(db),

    anttTables: async () =>
      tablesOf(db, await db.all(`SELECT ${ACT_COLUMNS} FROM antt_tables ORDER BY effective_from`)),

    anttTableOn: async (date) => {
      const acts = await db.all(
        `SELECT ${ACT_COLUMNS} FROM antt_tables WHERE effective_from <= ? ORDER BY effective_from DESC LIMIT 1`,
        [date],
      );
      return (await tablesOf(db, acts))[0];
    },

    addAnttTable: async (input, by) => {
      const parsed = tableFrom(input);
      if ('problems' in parsed) return { outcome: 'invalid', problems: parsed.problems };
      const provenance = String(input.provenance ?? '').trim();
      if (!provenance) return { outcome: 'invalid', problems: ['Informe onde o ato foi publicado.'] };
      return db.transaction(async (tx): Promise<Added> => {
        const { table } = parsed;
        if (!(await insertAct(tx, table, provenance, byMember(by)))) {
          const taken = await tx.get('SELECT act_id FROM antt_tables WHERE act_id = ? OR effective_from = ?', [
            table.id,
            table.effectiveFrom,
          ]);
          const actId = String(taken?.act_id);
          return actId === table.id ? { outcome: 'duplicate_act' } : { outcome: 'duplicate_date', actId };
        }
        await appendAudit(tx, { ...by, action: 'antt.table.added', subject: table.id });
        const [stored] = await tablesOf(
          tx,
          await tx.all(`SELECT ${ACT_COLUMNS} FROM antt_tables WHERE act_id = ?`, [table.id]),
        );
        return { outcome: 'added', table: stored! };
      });
    },

    seedAnttTables: (tables, source) =>
      db.transaction(async (tx) => {
        const seeded: Seeded = { added: [], completed: [], skipped: [] };
        const system = { actor: { kind: 'system' } } as const;
        for (const table of tables) {
          if (await insertAct(tx, table, source, null)) {
            seeded.added.push(table.id);
            await appendAudit(tx, { ...system, action: 'antt.table.added', subject: table.id });
          } else if (!(await tx.get('SELECT 1 FROM antt_tables WHERE act_id = ?', [table.id]))) {
            seeded.skipped.push(table.id);
          } else if (await complete(tx, table)) {
            seeded.completed.push(table.id);
            await appendAudit(tx, { ...system, action: 'antt.table.completed', subject: table.id });
          }
        }
        return seeded;
      }),
  };
}
