import {
  type LeadField,
  type LeadFields,
  type Place,
  SOURCE_PARTS,
  type Source,
  type ValuesOf,
} from '../../shared/lead';
import { spreadsheetTimeInSaoPaulo } from '../../shared/sao-paulo-time';
import { phoneCell } from './csv';

/** A column of the spreadsheet: its Portuguese header and the cell of one record. */
export type Column<T> = readonly [header: string, cell: (record: T) => string | undefined];

/** The columns of one field, as a spreadsheet in Portuguese reads them. */
function columnsOf(key: string, field: LeadField): Column<Record<string, unknown>>[] {
  const { label } = field;
  switch (field.kind) {
    case 'place': {
      // A column for the city and one for the state, so that the sheet can be sorted or filtered by state.
      const place = (record: Record<string, unknown>) => record[key] as Place | undefined;
      const of = `de ${label.toLowerCase()}`;
      return [
        [`Cidade ${of}`, (record) => place(record)?.city],
        [`UF ${of}`, (record) => place(record)?.state],
      ];
    }
    case 'quantity':
    case 'money': {
      // A decimal comma, as a spreadsheet in Portuguese reads a number; every digit kept.
      const unit = field.kind === 'money' ? 'R$' : field.unit;
      return [[`${label} (${unit})`, (record) => (record[key] as number | undefined)?.toString().replace('.', ',')]];
    }
    case 'choice':
      return [[label, (record) => (field.labels?.[record[key] as string] ?? record[key]) as string | undefined]];
    case 'instant':
      // São Paulo's wall-clock time as a spreadsheet reads a date and time in any locale: a date cell, sortable.
      return [
        [label, (record) => (record[key] === undefined ? undefined : spreadsheetTimeInSaoPaulo(record[key] as string))],
      ];
    case 'phone':
      return [[label, (record) => (record[key] === undefined ? undefined : phoneCell(record[key] as string))]];
    case 'source': {
      // A column per part, so that the sheet can be sorted or filtered by campaign.
      const source = (record: Record<string, unknown>) => record[key] as Source | undefined;
      return Object.entries(SOURCE_PARTS).map(([part, header]) => [
        header,
        (record) => source(record)?.[part as keyof Source],
      ]);
    }
    case 'text':
    case 'date':
      return [[label, (record) => record[key] as string | undefined]];
  }
}

/**
 * The spreadsheet's columns of a lead (docs/requirements.md §10.16): its id and when it was received
 * first, then every other field in the definition's order.
 */
export function csvColumns<Fs extends LeadFields>({ id, createdAt, ...rest }: Fs): Column<ValuesOf<Fs>>[] {
  const fields = Object.entries({ id, createdAt, ...rest });
  return fields.flatMap(([key, field]) => columnsOf(key, field)) as Column<ValuesOf<Fs>>[];
}
