// Years of loads for bench/bench-tracking.ts (docs/requirements.md §12.9, "Scale"): 100,000
// shipments, each with a CT-e and an NF-e key, and 1,000,000 events, written straight into the
// tables in batches (bench/inbox-seed.ts's writers). Deterministic, as the inbox's decade is: the
// same codes, keys and events on both databases, run after run.
import { randomUUID } from 'node:crypto';
import { checkSymbol } from '../server/shipments/code';
import { STATUS_KINDS } from '../server/shipments/events';
import { mod11CheckDigit } from '../shared/cnpj';
import { type Batch, random } from './inbox-seed';

export const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const EVENTS_PER_SHIPMENT = 10;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DAY_MS = 24 * 3600_000;

type Value = string | number | null;

/** A valid CNPJ from a 12-digit base: its two check digits appended. */
const cnpjOf = (base: string) => {
  const first = mod11CheckDigit(base);
  return `${base}${first}${mod11CheckDigit(`${base}${first}`)}`;
};

/** A valid access key of `model` ('57' CT-e, '55' NF-e) for the issuer and number given. */
function accessKey(model: string, cnpj: string, number: number) {
  // cUF 35 (SP), AAMM 2611, the issuer, the model, série 001, the number, tpEmis 1, cNF.
  const first43 = `352611${cnpj}${model}001${String(number).padStart(9, '0')}1${String(number % 1e8).padStart(8, '0')}`;
  return `${first43}${mod11CheckDigit(first43)}`;
}

/** What a lookup asks for, one shipment's worth: its code, its NF-e key and its shipper's CNPJ + NF. */
export type Lookup = { code: string; nfeKey: string; cnpj: string; number: string };

/** The batches to write, and every `SHIPMENTS / sampled`-th shipment's lookups for the bench to ask. */
export function loads(sampled = 1000) {
  const next = random(62);
  const lookups: Lookup[] = [];
  function* batches(size = 5000): Generator<Batch> {
    const shipmentColumns = [
      ['id', 'uuid'],
      ['code', 'text'],
      ['customer_cnpj', 'text'],
      ['origin_city', 'text'],
      ['origin_state', 'text'],
      ['destination_city', 'text'],
      ['destination_state', 'text'],
      ['pickup_from', 'date'],
      ['pickup_to', 'date'],
      ['promised_date', 'date'],
      ['status', 'text'],
      ['status_at', 'timestamptz'],
      ['last_event_at', 'timestamptz'],
      ['created_by', 'text'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ] as const;
    const keyColumns = [
      ['shipment_id', 'uuid'],
      ['kind', 'text'],
      ['digits', 'text'],
      ['cnpj', 'text'],
      ['number', 'text'],
      ['created_at', 'timestamptz'],
    ] as const;
    const eventColumns = [
      ['id', 'uuid'],
      ['shipment_id', 'uuid'],
      ['kind', 'text'],
      ['occurred_at', 'timestamptz'],
      ['recorded_at', 'timestamptz'],
      ['municipality', 'text'],
      ['audience', 'text'],
      ['recorded_by_kind', 'text'],
      ['dedupe_key', 'text'],
    ] as const;
    let shipments: Value[][] = [];
    let keys: Value[][] = [];
    let events: Value[][] = [];
    const now = Date.now();
    for (let n = 0; n < SHIPMENTS; n++) {
      const id = randomUUID();
      let symbols = '';
      for (let i = 0; i < 10; i++) symbols += ALPHABET[Math.floor(next() * 32)];
      const code = symbols + checkSymbol(symbols);
      const cnpj = cnpjOf(String(10_000_000_0000 + (n % 5000)).padStart(12, '0'));
      const created = now - Math.floor(next() * 5 * 365 * DAY_MS);
      const day = (offset: number) => new Date(created + offset * DAY_MS).toISOString().slice(0, 10);
      const at = (k: number) => new Date(created + k * 6 * 3600_000).toISOString();
      const last = at(EVENTS_PER_SHIPMENT);
      const route = ['São Paulo', 'SP', 'Belém', 'PA'];
      shipments.push([
        id,
        code,
        cnpj,
        ...route,
        day(1),
        day(2),
        day(8),
        'in_transit',
        last,
        last,
        'vendas',
        at(0),
        last,
      ]);
      const nfeKey = accessKey('55', cnpj, n + 1);
      keys.push([id, 'cte', accessKey('57', cnpj, n + 1), cnpj, String(n + 1), at(0)]);
      keys.push([id, 'nfe', nfeKey, cnpj, String(n + 1), at(0)]);
      for (let k = 1; k <= EVENTS_PER_SHIPMENT; k++) {
        const kind = STATUS_KINDS[Math.min(k, 2)]!;
        events.push([randomUUID(), id, kind, at(k), at(k), 'Imperatriz – MA', 'customer', 'team', `${id}:${k}`]);
      }
      if (n % sampled === 0) lookups.push({ code, nfeKey, cnpj, number: String(n + 1) });
      if (events.length >= size) {
        yield { table: 'shipments', columns: shipmentColumns, rows: shipments };
        yield { table: 'shipment_keys', columns: keyColumns, rows: keys };
        yield { table: 'shipment_events', columns: eventColumns, rows: events };
        shipments = [];
        keys = [];
        events = [];
      }
    }
    if (shipments.length) {
      yield { table: 'shipments', columns: shipmentColumns, rows: shipments };
      yield { table: 'shipment_keys', columns: keyColumns, rows: keys };
      yield { table: 'shipment_events', columns: eventColumns, rows: events };
    }
  }
  return { batches, lookups };
}
