import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { onPath } from '../../scripts/launch/on-path';

/**
 * Values a spreadsheet would run as formulas (OWASP, "CSV Injection"): each starts with =, +, -,
 * @, a tab or a carriage return. Every export test writes them into a cell and expects them inert.
 */
export const FORMULAS = [
  '=1+1',
  '+5511',
  '-2',
  '@SOMA(A1)',
  '\tx',
  '\rx',
  '=HYPERLINK("http://mal.example";"Clique")',
  '-2+3; "Açaí" & Cia',
  '@ana@empresa.com.br',
];

/** LibreOffice's command on PATH (Debian's libreoffice-calc-nogui), or undefined when it is not installed. */
export const findSoffice = () => onPath('soffice');

/**
 * LibreOffice's CSV import as a person in Brazil gets it (its filter options, by position): cells
 * separated by ';' (59), quoted by '"' (34), UTF-8 (76), from line 1, default column types, and the
 * pt-BR locale (1046) for numbers and dates.
 */
const PT_BR_CSV_IMPORT = 'CSV:59,34,76,1,,1046';

/** One cell as Calc left it: its type, and what it holds (a date as the wall-clock time it shows). */
export type Cell =
  | { type: 'text'; text: string }
  | { type: 'number'; value: number }
  | { type: 'date'; value: string }
  | { type: 'formula'; formula: string }
  | { type: 'empty' };

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Calc writes a line break in a cell as &#10;: numeric character references are part of XML.
  htmlEntities: true,
  isArray: (name) => ['si', 'r', 'row', 'c', 'numFmt', 'xf'].includes(name),
});

type Node = Record<string, unknown>;
/** The text of an element that fast-xml-parser gave as a string, or as an object with its text in '#text'. */
const textOf = (node: unknown): string =>
  typeof node === 'string' ? node : String((node as Node | undefined)?.['#text'] ?? '');

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A format code that shows a date or a time: y, m, d, h or s outside quoted text and escapes. */
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/"[^"]*"|\\./g, '').replace(/\[[^\]]*\]/g, ''));

/** An Excel serial date (days since 1899-12-30, the time of day as the fraction) as 'YYYY-MM-DD hh:mm:ss'. */
const wallClock = (serial: number) =>
  new Date(Math.round((serial - 25_569) * 86_400) * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** 'AB12' → 27 (0-based column). */
const column = (reference: string) =>
  [...reference.replace(/\d+$/, '')].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0) - 1;

/** The first sheet of an .xlsx, cell by cell: shared strings, styles and the sheet's XML read as Calc wrote them. */
function readSheet(xlsx: Uint8Array): Cell[][] {
  const files = unzipSync(xlsx);
  const read = (name: string) => xml.parse(new TextDecoder().decode(files[name])) as Node;
  const strings = ((read('xl/sharedStrings.xml').sst as Node)?.si as Node[] | undefined) ?? [];
  const shared = strings.map((item) =>
    item.t !== undefined ? textOf(item.t) : ((item.r as Node[]) ?? []).map((run) => textOf(run.t)).join(''),
  );
  const styles = read('xl/styles.xml').styleSheet as Node;
  const custom = new Map(
    (((styles.numFmts as Node | undefined)?.numFmt as Node[]) ?? []).map((format) => [
      Number(format.numFmtId),
      String(format.formatCode),
    ]),
  );
  const xfs = ((styles.cellXfs as Node).xf as Node[]).map((xf) => Number(xf.numFmtId ?? 0));
  const isDate = (style: number) => {
    const id = xfs[style] ?? 0;
    return BUILT_IN_DATES.has(id) || isDateFormat(custom.get(id) ?? 'General');
  };
  const rows = (((read('xl/worksheets/sheet1.xml').worksheet as Node).sheetData as Node).row as Node[]) ?? [];
  return rows.map((row) => {
    const cells: Cell[] = [];
    for (const cell of (row.c as Node[]) ?? []) {
      const at = column(String(cell.r));
      while (cells.length < at) cells.push({ type: 'empty' });
      const value = textOf(cell.v);
      if (cell.f !== undefined) cells.push({ type: 'formula', formula: textOf(cell.f) });
      else if (cell.t === 's') cells.push({ type: 'text', text: shared[Number(value)] ?? '' });
      else if (cell.t === 'inlineStr') cells.push({ type: 'text', text: textOf((cell.is as Node).t) });
      else if (cell.t === 'str') cells.push({ type: 'text', text: value });
      else if (cell.v === undefined) cells.push({ type: 'empty' });
      else if (isDate(Number(cell.s ?? 0))) cells.push({ type: 'date', value: wallClock(Number(value)) });
      else cells.push({ type: 'number', value: Number(value) });
    }
    return cells;
  });
}

/**
 * Opens each CSV in LibreOffice Calc with the pt-BR import, saves it as .xlsx, and reads every
 * sheet back, cell by cell, in the order given. Calc runs headless with a profile of its own, so a
 * LibreOffice running elsewhere on the machine neither blocks nor changes it.
 */
export async function openInCalc(soffice: string, csvFiles: Record<string, Buffer>) {
  const folder = mkdtempSync(path.join(tmpdir(), 'site-calc-'));
  try {
    const names = Object.keys(csvFiles);
    for (const name of names) writeFileSync(path.join(folder, `${name}.csv`), csvFiles[name]!);
    await promisify(execFile)(
      soffice,
      [
        `-env:UserInstallation=file://${path.join(folder, 'profile')}`,
        '--headless',
        `--infilter=${PT_BR_CSV_IMPORT}`,
        '--convert-to',
        'xlsx',
        '--outdir',
        folder,
        ...names.map((name) => path.join(folder, `${name}.csv`)),
      ],
      { timeout: 120_000 },
    );
    return Object.fromEntries(
      names.map((name) => [name, readSheet(readFileSync(path.join(folder, `${name}.xlsx`)))] as const),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
