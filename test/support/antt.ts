import { type AnttTable, cargoTypes, type NewTable } from '../../server/freight/tables';
import { AXLE_COUNTS } from '../../shared/freight';

/** An act as an admin would enter it: the cells of `table`, any it does not price as a blank (null). */
export function newTableLike(table: AnttTable, act: Partial<NewTable> = {}): NewTable {
  const cells = Object.fromEntries(
    cargoTypes.map((cargo) => [
      cargo,
      Object.fromEntries(
        AXLE_COUNTS.map((axles) => {
          const cell = table.cells[cargo][axles];
          return [axles, cell.kind === 'priced' ? { ccd: cell.ccd, cc: cell.cc } : null];
        }),
      ),
    ]),
  );
  return {
    id: 'portaria-suroc-99-2027',
    name: 'Portaria SUROC nº 99/2027',
    effectiveFrom: '2027-01-20',
    provenance: 'DOU',
    cells,
    ...act,
  };
}
