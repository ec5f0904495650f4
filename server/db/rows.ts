import type { Contact, ContactFields } from '../../shared/contact';
import type { Quote, QuoteFields } from '../../shared/quote';
import type { Param, Row } from './database';

/** A table both backends read and write the same way. */
export type Table<T> = { name: string; columns: readonly string[]; toRecord: (row: Row) => T };

/** A row about to be inserted: column name → value. */
export type NewRow = Record<string, Param>;

const optional = <K extends string>(key: K, value: unknown) =>
  (value === null || value === undefined ? {} : { [key]: String(value) }) as Partial<Record<K, string>>;

export const contactsTable: Table<Contact> = {
  name: 'contacts',
  columns: ['id', 'name', 'email', 'phone', 'company', 'message', 'created_at'],
  toRecord: (row) => ({
    id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    ...optional('phone', row.phone),
    ...optional('company', row.company),
    message: String(row.message),
    createdAt: String(row.created_at),
  }),
};

export const contactRow = (id: string, createdAt: string, fields: ContactFields): NewRow => ({
  id,
  name: fields.name,
  email: fields.email,
  phone: fields.phone ?? null,
  company: fields.company ?? null,
  message: fields.message,
  created_at: createdAt,
});

export const quotesTable: Table<Quote> = {
  name: 'quotes',
  columns: [
    'id',
    'status',
    'created_at',
    'name',
    'email',
    'phone',
    'company',
    'origin_city',
    'origin_state',
    'destination_city',
    'destination_state',
    'cargo_type',
    'weight_tons',
    'vehicle',
    'pickup_date',
    'notes',
  ],
  toRecord: (row) => ({
    id: String(row.id),
    status: row.status as Quote['status'],
    createdAt: String(row.created_at),
    name: String(row.name),
    email: String(row.email),
    ...optional('phone', row.phone),
    ...optional('company', row.company),
    origin: { city: String(row.origin_city), state: row.origin_state as Quote['origin']['state'] },
    destination: { city: String(row.destination_city), state: row.destination_state as Quote['destination']['state'] },
    cargoType: row.cargo_type as Quote['cargoType'],
    weightTons: Number(row.weight_tons),
    ...(optional('vehicle', row.vehicle) as Pick<Quote, 'vehicle'>),
    ...optional('pickupDate', row.pickup_date),
    ...optional('notes', row.notes),
  }),
};

export const quoteRow = (id: string, createdAt: string, fields: QuoteFields): NewRow => ({
  id,
  status: 'pending',
  created_at: createdAt,
  name: fields.name,
  email: fields.email,
  phone: fields.phone ?? null,
  company: fields.company ?? null,
  origin_city: fields.origin.city,
  origin_state: fields.origin.state,
  destination_city: fields.destination.city,
  destination_state: fields.destination.state,
  cargo_type: fields.cargoType,
  weight_tons: fields.weightTons,
  vehicle: fields.vehicle ?? null,
  pickup_date: fields.pickupDate ?? null,
  notes: fields.notes ?? null,
});

export const insertSql = (table: Table<unknown>) =>
  `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')})`;

export const rowValues = (table: Table<unknown>, row: NewRow) => table.columns.map((column) => row[column] ?? null);

export const selectSql = (table: Table<unknown>) => `SELECT ${table.columns.join(', ')} FROM ${table.name}`;

/** Newest first: seq only grows, so the order is stable while rows are added. Parameters: limit, offset. */
export const pageSql = (table: Table<unknown>) => `${selectSql(table)} ORDER BY seq DESC LIMIT ? OFFSET ?`;

/**
 * Newest first from just below `seq` (keyset pagination: each batch is a short statement of its own,
 * whatever the table's size). Parameters: the last seq seen, limit.
 */
export const batchSql = (table: Table<unknown>) =>
  `SELECT seq, ${table.columns.join(', ')} FROM ${table.name} WHERE seq < ? ORDER BY seq DESC LIMIT ?`;
