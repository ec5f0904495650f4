import type { AnttAct, Axles, CargoType } from '../../shared/freight';
import { CC_PLACES, CCD_PLACES, centsRoundedUp, parseDecimal } from './money';
import { type AnttTable, tableInForce } from './tables';

// The ANTT floor of a trip (docs/requirements.md §9.5): distância × CCD + CC, from Tabela A of the
// act in force on the quote's date, before toll, taxes and margin.

export type FloorAsked = {
  /** Road kilometres, whole: the barge leg is not road transport (docs/decisions/042-antt-floor.md). */
  km: number;
  cargoType: CargoType;
  axles: Axles;
  /** The quote's date, YYYY-MM-DD in São Paulo. */
  date: string;
};

export type Floor =
  | { kind: 'priced'; cents: number; act: AnttAct; ccd: string; cc: string; km: number }
  /**
   * 'act_has_no_cell': the act prices no such combination (a dash); 'not_transcribed': it may,
   * but the value is not in this repository. Neither is ever taken from a neighbouring cell.
   */
  | { kind: 'unpriced'; act: AnttAct; reason: 'act_has_no_cell' | 'not_transcribed' }
  /** No act known in force on that date (before the first one seeded). */
  | { kind: 'no_table'; date: string };

export function floorFor({ km, cargoType, axles, date }: FloorAsked, tables: readonly AnttTable[]): Floor {
  if (!Number.isSafeInteger(km) || km < 0) throw new RangeError(`A distância deve ser um inteiro de km: ${km}`);
  const table = tableInForce(tables, date);
  if (!table) return { kind: 'no_table', date };
  const act = { id: table.id, name: table.name, effectiveFrom: table.effectiveFrom };
  const cell = table.cells[cargoType]?.[axles];
  if (cell?.kind === 'blank') return { kind: 'unpriced', act, reason: 'act_has_no_cell' };
  if (cell?.kind !== 'priced') return { kind: 'unpriced', act, reason: 'not_transcribed' };
  // Ten-thousandths of a real throughout: km × CCD is exact there, the CC is a hundred times its centavos.
  const tenThousandths = km * parseDecimal(cell.ccd, CCD_PLACES)! + parseDecimal(cell.cc, CC_PLACES)! * 100;
  return { kind: 'priced', cents: centsRoundedUp(tenThousandths), act, ccd: cell.ccd, cc: cell.cc, km };
}
