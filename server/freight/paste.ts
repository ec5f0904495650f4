import { AXLE_COUNTS, CARGO_TYPES, type CargoType } from '../../shared/freight';
import { searchKey } from '../../shared/municipalities';
import { CC_PLACES, CCD_PLACES, formatDecimal, parseDecimal } from './money';
import { cargoTypes, type NewTable } from './tables';

// A Tabela A as an admin pastes it into the workplace (docs/requirements.md §9.5): copied from a
// spreadsheet (tab-separated), or typed with ";" or "|" between columns, one line per cargo type.
// Every problem is named with its line, and nothing is stored unless the whole table reads.

/** The cargo types by their names as an act or this site writes them, accents and case aside. */
const CARGO_NAMES = new Map<string, CargoType>([
  ...cargoTypes.flatMap((cargo): [string, CargoType][] => [
    [searchKey(CARGO_TYPES[cargo]), cargo],
    [searchKey(cargo.replaceAll('_', ' ')), cargo],
  ]),
  // The act's own words for the last row.
  [searchKey('Carga granel pressurizada'), 'granel_pressurizado'],
  [searchKey('Granel pressurizada'), 'granel_pressurizado'],
  [searchKey('Frigorificada'), 'frigorificada'],
  [searchKey('Perigosa (frigorificada)'), 'perigosa_frigorificada'],
]);

const DASH = /^[-–—]?$/;
const AXLES = AXLE_COUNTS.join(', ').replace(/, (\d)$/, ' e $1');

/** A line's columns, split at tabs, else "|" (a Markdown table) or ";"; undefined when it has none. */
function columnsOf(line: string): string[] | undefined {
  const separator = ['\t', '|', ';'].find((each) => line.includes(each));
  if (!separator) return undefined;
  const columns = line.split(separator).map((column) => column.trim());
  if (separator === '|') {
    if (columns[0] === '') columns.shift();
    if (columns.at(-1) === '') columns.pop();
  }
  // A spreadsheet's copy may end its lines with empty cells.
  while (columns.length > 1 && columns.at(-1) === '') columns.pop();
  return columns;
}

/**
 * A coefficient as typed, with a decimal comma ('1.067,06', '6,8284') or point ('6.8284'), as the
 * decimal text with a point that the store reads; undefined unless a positive number of at most
 * `places` decimals. A point is a thousands separator only beside a comma: '1.067' alone is 1,067.
 */
function coefficient(typed: string, places: number): string | undefined {
  const text = typed.replace(/^R\$\s*/, '').replace(/\s/g, '');
  const decimal = text.includes(',') ? text.replaceAll('.', '').replace(',', '.') : text;
  if (text.includes(',') && !/^\d{1,3}(\.\d{3})*,\d+$|^\d+,\d+$/.test(text)) return undefined;
  const units = parseDecimal(decimal, places);
  return units === undefined ? undefined : formatDecimal(units, places);
}

type Pasted = { cells: NewTable['cells'] } | { problems: string[] };

/**
 * The cells of a pasted Tabela A. Each line: the cargo type, then for each axle column (2, 3, 4, 5,
 * 6, 7 and 9) either one column "CCD / CC" or two columns CCD and CC; a dash (or nothing) where
 * the act prices no such combination. A header line ("Tipo de carga…") and a Markdown rule are
 * skipped. Every cargo type once.
 */
export function cellsFromPaste(text: string): Pasted {
  const problems: string[] = [];
  const cells: NewTable['cells'] = {};
  const lineOf = new Map<CargoType, number>();
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((line, at) => {
    const number = at + 1;
    if (line.trim() === '' || /^\s*\|?\s*:?-{3}/.test(line)) return;
    const columns = columnsOf(line);
    if (!columns) {
      problems.push(
        `Linha ${number}: separe as colunas com tabulação (copiando da planilha), ponto e vírgula ou barra vertical.`,
      );
      return;
    }
    const [name = '', ...values] = columns;
    if (searchKey(name).startsWith('tipo de carga')) return;
    const cargo = CARGO_NAMES.get(searchKey(name));
    if (!cargo) {
      problems.push(`Linha ${number}: tipo de carga desconhecido, “${name.slice(0, 60)}”.`);
      return;
    }
    const where = `Linha ${number} (${CARGO_TYPES[cargo]})`;
    const earlier = lineOf.get(cargo);
    if (earlier !== undefined) {
      problems.push(`${where}: tipo de carga repetido, já na linha ${earlier}.`);
      return;
    }
    lineOf.set(cargo, number);
    let pairs: [string, string][];
    if (values.length === AXLE_COUNTS.length)
      pairs = values.map((value) => {
        if (DASH.test(value)) return ['', ''];
        const [ccd = '', cc, ...more] = value.split('/').map((part) => part.trim());
        return more.length || cc === undefined ? [value, '/'] : [ccd, cc];
      });
    else if (values.length === 2 * AXLE_COUNTS.length)
      pairs = AXLE_COUNTS.map((_, n) => [values[2 * n]!, values[2 * n + 1]!]);
    else {
      problems.push(
        `${where}: esperadas as colunas de ${AXLES} eixos, cada uma “CCD / CC” ou “—” (ou CCD e CC em colunas separadas); há ${values.length} colunas.`,
      );
      return;
    }
    const row: Record<string, { ccd: string; cc: string } | null> = {};
    AXLE_COUNTS.forEach((axles, n) => {
      const [ccdTyped, ccTyped] = pairs[n]!;
      const cell = `${where}, ${axles} eixos`;
      if (ccTyped === '/') {
        problems.push(
          `${cell}: escreva “CCD / CC”, por exemplo “6,8284 / 657,56”, ou “—”; está “${ccdTyped.slice(0, 40)}”.`,
        );
        return;
      }
      if (DASH.test(ccdTyped) && DASH.test(ccTyped)) {
        row[axles] = null;
        return;
      }
      const ccd = coefficient(ccdTyped, CCD_PLACES);
      const cc = coefficient(ccTyped, CC_PLACES);
      if (ccd === undefined)
        problems.push(`${cell}: o CCD “${ccdTyped.slice(0, 20)}” não é um valor positivo com até 4 casas decimais.`);
      if (cc === undefined)
        problems.push(`${cell}: o CC “${ccTyped.slice(0, 20)}” não é um valor positivo com até 2 casas decimais.`);
      if (ccd !== undefined && cc !== undefined) row[axles] = { ccd, cc };
    });
    cells[cargo] = row;
  });
  if (lineOf.size === 0 && problems.length === 0)
    return { problems: ['Cole a tabela: uma linha por tipo de carga, com as colunas de cada número de eixos.'] };
  const missing = cargoTypes.filter((cargo) => !lineOf.has(cargo));
  if (missing.length) problems.push(`Faltam as linhas de: ${missing.map((cargo) => CARGO_TYPES[cargo]).join('; ')}.`);
  return problems.length ? { problems } : { cells };
}
