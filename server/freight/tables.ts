import { z } from 'zod';
import { type AnttAct, AXLE_COUNTS, type Axles, CARGO_TYPES, type CargoType } from '../../shared/freight';
import { CC_PLACES, CCD_PLACES, formatDecimal, parseDecimal } from './money';

// The ANTT's Tabela A as data (docs/requirements.md §9.5): one table per act, each the full grid of
// cargo types × axle counts, so that a cell the act leaves blank and a cell nobody transcribed are
// told apart and never taken from a neighbour.

/**
 * 'blank': the act prices no such combination (a dash in its table). 'not_transcribed': the act
 * may price it, but this repository does not know the value; what is known of it is kept (the CC
 * of Res. ANTT 6.084/2026). Coefficients are decimal text with a point, as parseDecimal reads.
 */
export type Cell =
  | { kind: 'priced'; ccd: string; cc: string }
  | { kind: 'blank' }
  | { kind: 'not_transcribed'; ccd?: string; cc?: string };

export type AnttTable = AnttAct & { cells: Record<CargoType, Record<Axles, Cell>> };

/** A new act as an admin enters it: every cell of the grid, a blank one as null. */
export type NewTable = AnttAct & {
  /** Where it was read: the DOU's edition, section and page, or the ANTT's page. */
  provenance: string;
  cells: Record<string, Record<string, { ccd: string; cc: string } | null>>;
};

export const cargoTypes = Object.keys(CARGO_TYPES) as CargoType[];

/** The act in force on `date` (YYYY-MM-DD): the one with the latest effective date not after it. */
export function tableInForce<T extends AnttAct>(tables: readonly T[], date: string): T | undefined {
  let found: T | undefined;
  for (const table of tables)
    if (table.effectiveFrom <= date && (!found || table.effectiveFrom > found.effectiveFrom)) found = table;
  return found;
}

const actShape = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{2,79}$/, 'Use no id do ato letras minúsculas, números e hífens.'),
  name: z.string().trim().min(3, 'Informe o nome do ato.').max(120, 'Use no máximo 120 caracteres no nome.'),
  effectiveFrom: z.iso.date({ error: 'Informe a data de vigência no formato AAAA-MM-DD.' }),
});

const label = (cargo: CargoType, axles: Axles) => `${CARGO_TYPES[cargo]}, ${axles} eixos`;

/**
 * One cell as given: `{ ccd, cc }` both positive decimals (CCD to 4 places, CC to 2), null for a
 * blank; when `partial`, a missing cell or coefficient is 'not_transcribed' (the repository's own
 * acts), otherwise a problem (an admin enters the whole act).
 */
function cellFrom(given: unknown, where: string, partial: boolean, problems: string[]): Cell {
  if (given === null) return { kind: 'blank' };
  const { ccd, cc } = (given ?? {}) as { ccd?: unknown; cc?: unknown };
  const read = (value: unknown, places: number, name: string) => {
    if (value === undefined && partial) return undefined;
    const units = typeof value === 'string' ? parseDecimal(value, places) : undefined;
    if (units === undefined) problems.push(`${where}: o ${name} deve ser um decimal positivo com até ${places} casas.`);
    return units === undefined ? undefined : formatDecimal(units, places);
  };
  const cell = { ccd: read(ccd, CCD_PLACES, 'CCD'), cc: read(cc, CC_PLACES, 'CC') };
  if (cell.ccd !== undefined && cell.cc !== undefined) return { kind: 'priced', ccd: cell.ccd, cc: cell.cc };
  return {
    kind: 'not_transcribed',
    ...(cell.ccd !== undefined && { ccd: cell.ccd }),
    ...(cell.cc !== undefined && { cc: cell.cc }),
  };
}

/** `input` as a table, or what is wrong with it, every problem at once (in Portuguese, for the admin). */
export function tableFrom(
  input: AnttAct & { cells: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>> },
  { partial = false } = {},
): { table: AnttTable } | { problems: string[] } {
  const act = actShape.safeParse(input);
  const problems = act.success ? [] : act.error.issues.map((issue) => issue.message);
  const known = new Set<string>(cargoTypes);
  for (const cargo of Object.keys(input.cells ?? {}))
    if (!known.has(cargo)) problems.push(`Tipo de carga desconhecido: ${cargo}.`);
  const cells = {} as AnttTable['cells'];
  for (const cargo of cargoTypes) {
    const row = input.cells?.[cargo] ?? {};
    for (const key of Object.keys(row))
      if (!AXLE_COUNTS.some((axles) => String(axles) === key))
        problems.push(`${CARGO_TYPES[cargo]}: a tabela não tem coluna de ${key} eixos.`);
    cells[cargo] = {} as Record<Axles, Cell>;
    for (const axles of AXLE_COUNTS) {
      const where = label(cargo, axles);
      if (String(axles) in row || partial) cells[cargo][axles] = cellFrom(row[String(axles)], where, partial, problems);
      else problems.push(`${where}: preencha os coeficientes ou deixe em branco.`);
    }
  }
  if (!act.success || problems.length) return { problems };
  return { table: { ...act.data, cells } };
}
