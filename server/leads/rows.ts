import { type Contact, type ContactFields, contactFields } from '../../shared/contact';
import { type ClientFields, type LeadField, type LeadFields, SOURCE_PARTS, type ValuesOf } from '../../shared/lead';
import { type Quote, type QuoteFields, quoteFields } from '../../shared/quote';
import type { Param, Row } from '../db/database';

/** A row about to be inserted: column name → value. */
export type NewRow = Record<string, Param>;

/** A table both backends read and write the same way: a lead's records of type T, created from fields F. */
export type Table<T, F = never> = {
  name: string;
  columns: readonly string[];
  /** The row of a new lead: its id, when it was stored, the client's fields and the values the server starts with. */
  newRow(id: string, createdAt: string, fields: F): NewRow;
  /** The record a row holds, its keys in the definition's order; NULL leaves the field out. */
  toRecord(row: Row): T;
};

/** One field's columns, named after its key in snake case (pickupDate → pickup_date). */
type Mapping = {
  key: string;
  columns: string[];
  toRow: (value: unknown) => NewRow;
  fromRow: (row: Row) => unknown;
};

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The parts of a field that holds an object, each in a column of its own (server/db/schema.ts). */
const PARTS: Partial<Record<LeadField['kind'], readonly string[]>> = {
  place: ['city', 'state'],
  source: Object.keys(SOURCE_PARTS),
};

function mapping(key: string, field: LeadField): Mapping {
  const column = snakeCase(key);
  const parts = PARTS[field.kind];
  if (parts) {
    // origin → origin_city, origin_state; source → source_form, …, source_utm_campaign.
    const columns = parts.map((part) => [part, `${column}_${snakeCase(part)}`] as const);
    return {
      key,
      columns: columns.map(([, name]) => name),
      toRow: (value) => {
        const object = (value ?? {}) as Record<string, Param | undefined>;
        return Object.fromEntries(columns.map(([part, name]) => [name, object[part] ?? null]));
      },
      // No part stored: no object. A part stored as NULL is left out of it.
      fromRow: (row) => {
        const stored = columns.filter(([, name]) => row[name] != null);
        return stored.length === 0
          ? undefined
          : Object.fromEntries(stored.map(([part, name]) => [part, String(row[name])]));
      },
    };
  }
  const read = field.kind === 'quantity' || field.kind === 'money' ? Number : String;
  return {
    key,
    columns: [column],
    toRow: (value) => ({ [column]: (value as Param | undefined) ?? null }),
    fromRow: (row) => (row[column] == null ? undefined : read(row[column])),
  };
}

/** The table `name` that stores the lead defined by `fields`. */
function leadTable<Fs extends LeadFields>(name: string, fields: Fs): Table<ValuesOf<Fs>, ValuesOf<ClientFields<Fs>>> {
  const entries = Object.entries(fields);
  const mappings = entries.map(([key, field]) => mapping(key, field));
  const initial = Object.fromEntries(
    entries.flatMap(([key, field]) => (field.initial === undefined ? [] : [[key, field.initial]])),
  );
  return {
    name,
    columns: mappings.flatMap((each) => each.columns),
    newRow: (id, createdAt, clientFields) => {
      // What the server sets comes last: no field of the client's can stand in for it.
      const values: Record<string, unknown> = { ...clientFields, ...initial, id, createdAt };
      return Object.assign({}, ...mappings.map((each) => each.toRow(values[each.key])));
    },
    toRecord: (row) => {
      const values = mappings.map((each) => [each.key, each.fromRow(row)] as const);
      return Object.fromEntries(values.filter(([, value]) => value !== undefined)) as ValuesOf<Fs>;
    },
  };
}

export const contactsTable: Table<Contact, ContactFields> = leadTable('contacts', contactFields);

export const quotesTable: Table<Quote, QuoteFields> = leadTable('quotes', quoteFields);

export const insertSql = (table: Table<unknown, never>) =>
  `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')})`;

export const rowValues = (table: Table<unknown, never>, row: NewRow) =>
  table.columns.map((column) => row[column] ?? null);

export const selectSql = (table: Table<unknown, never>) => `SELECT ${table.columns.join(', ')} FROM ${table.name}`;

/** Newest first: seq only grows, so the order is stable while rows are added. Parameters: limit, offset. */
export const pageSql = (table: Table<unknown, never>) => `${selectSql(table)} ORDER BY seq DESC LIMIT ? OFFSET ?`;

/**
 * Newest first from just below `seq` (keyset pagination: each batch is a short statement of its own,
 * whatever the table's size). Parameters: the last seq seen, limit.
 */
export const batchSql = (table: Table<unknown, never>) =>
  `SELECT seq, ${table.columns.join(', ')} FROM ${table.name} WHERE seq < ? ORDER BY seq DESC LIMIT ?`;
