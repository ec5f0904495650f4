import { describe, expect, it } from 'vitest';
import { databasesForThisFile } from '../../../test/support/databases';
import { OPENING } from '../../../test/support/shipments';
import { appendAudit } from '../../audit/sql-store';
import type { Database } from '../../db/database';
import type { Outgoing } from '../../module/messages';
import type { ShipmentDeps } from '../deps';
import { fileOf } from '../reads';
import { changeShipment } from './change';
import { issueDriverLink } from './links';
import { openShipment } from './open';
import { type EventInput, recordEvent } from './record-event';

const TABLES = ['shipments', 'shipment_events', 'shipment_keys', 'shipment_photos', 'audit_log'];
const member = {
  actor: { kind: 'member', id: '6f1c9a52-8d4e-4b7a-9f3e-2c1d0b9a8e7f', email: 'ana@rotanorte.com.br' },
} as const;
const driver = { actor: { kind: 'anonymous' } } as const;

function depsOn(db: Database) {
  const sent: Outgoing[] = [];
  const deps: ShipmentDeps = {
    db,
    audit: { append: appendAudit },
    outbox: { enqueue: async (_tx, message) => Boolean(sent.push(message)), carries: () => true },
  };
  return { deps, sent };
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const picked = (key: string, at = minutesAgo(60)): EventInput => ({
  kind: 'picked_up',
  occurredAt: at,
  audience: 'customer',
  recordedBy: { kind: 'driver' },
  dedupeKey: key,
});

describe.each(databasesForThisFile())('a shipment’s commands on $name (docs/requirements.md §12)', (backend) => {
  it('opens with its code, the promise from the prazo, its first event and the customer’s notice', async () => {
    const { deps, sent } = depsOn(await backend.fresh(TABLES));
    const id = await openShipment(deps, OPENING, member);
    const file = (await fileOf(deps.db, id))!;
    expect(file).toMatchObject({ status: 'scheduled', promisedDate: '2026-12-09', notices: true });
    expect(file.code).toMatch(/^[0-9A-Z]{11}$/);
    expect(file.events.map((e) => e.kind)).toEqual(['scheduled']);
    expect(
      sent.map((m) => [
        m.kind,
        (m.record as { about?: string; type?: string }).about ?? (m.record as { type: string }).type,
      ]),
    ).toEqual([
      ['shipment.notice', 'opened'],
      ['shipment.created', 'shipment.created'],
    ]);
  });

  it('stores one event for one key however often it comes, and answers the repeat as the first', async () => {
    const { deps } = depsOn(await backend.fresh(TABLES));
    const id = await openShipment(deps, OPENING, member);
    const first = await recordEvent(deps, id, picked('driver:abc'), driver);
    const again = await recordEvent(deps, id, picked('driver:abc'), driver);
    expect(first.outcome).toBe('recorded');
    expect(again).toEqual({ outcome: 'replayed', event: (first as { event: unknown }).event });
    expect((await fileOf(deps.db, id))!.events).toHaveLength(2);
  });

  it('stores one event when the same key arrives at once', async () => {
    const { deps } = depsOn(await backend.fresh(TABLES));
    const id = await openShipment(deps, OPENING, member);
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => recordEvent(deps, id, picked('tms:42'), driver)),
    );
    expect(outcomes.filter((o) => o.outcome === 'recorded')).toHaveLength(1);
    expect(new Set(outcomes.map((o) => (o as { event: { id: string } }).event.id)).size).toBe(1);
  });

  it('places a late event in time, and cancels an event with a new one', async () => {
    const { deps } = depsOn(await backend.fresh(TABLES));
    const id = await openShipment(deps, OPENING, member);
    await recordEvent(deps, id, { ...picked('a'), kind: 'in_transit', occurredAt: minutesAgo(10) }, driver);
    const late = await recordEvent(deps, id, picked('b', minutesAgo(120)), driver);
    expect((await fileOf(deps.db, id))!.status).toBe('in_transit');
    const cancel = await recordEvent(
      deps,
      id,
      {
        ...picked('c', minutesAgo(1)),
        kind: 'cancellation',
        refersTo: (late as { event: { id: string } }).event.id,
        note: 'Registrado no embarque errado',
      },
      member,
    );
    expect(cancel.outcome).toBe('recorded');
    const again = await recordEvent(
      deps,
      id,
      { ...picked('d', minutesAgo(1)), kind: 'cancellation', refersTo: (cancel as { event: { id: string } }).event.id },
      member,
    );
    expect(again).toEqual({
      outcome: 'refused',
      field: 'refersTo',
      message: 'Um cancelamento não pode ser cancelado.',
    });
  });

  it('refuses an event from the future or from more than 30 days ago, storing nothing', async () => {
    const { deps } = depsOn(await backend.fresh(TABLES));
    const id = await openShipment(deps, OPENING, member);
    const ahead = await recordEvent(deps, id, picked('f', new Date(Date.now() + 10 * 60_000).toISOString()), driver);
    const old = await recordEvent(deps, id, picked('g', minutesAgo(31 * 24 * 60)), driver);
    expect([ahead.outcome, old.outcome]).toEqual(['refused', 'refused']);
    expect((await fileOf(deps.db, id))!.events).toHaveLength(1);
  });

  it('ends the driver’s link at the delivery, and e-mails the proof’s link', async () => {
    const { deps, sent } = depsOn(await backend.fresh(TABLES));
    const id = await openShipment(deps, OPENING, member);
    const link = await issueDriverLink(deps, id, false, member);
    expect(link.outcome).toBe('issued');
    expect((await fileOf(deps.db, id))!.driverLinkAt).toBeDefined();
    await recordEvent(
      deps,
      id,
      { ...picked('h'), kind: 'delivered', recipientName: 'José Souza', recipientDocument: '123.456.789-09' },
      driver,
    );
    const file = (await fileOf(deps.db, id))!;
    expect(file).toMatchObject({ status: 'delivered' });
    expect(file.driverLinkAt).toBeUndefined();
    const notice = sent.find((m) => (m.record as { about?: string }).about === 'delivered')!;
    expect(notice.record).toHaveProperty('proofToken');
  });

  it('refuses a key already on another shipment, naming it', async () => {
    const { deps } = depsOn(await backend.fresh(TABLES));
    const first = await openShipment(deps, OPENING, member);
    const second = await openShipment(deps, OPENING, member);
    const key = {
      kind: 'cte',
      digits: '35261112345678000195570010000123451123456786',
      cnpj: '12345678000195',
      number: '12345',
    } as const;
    expect(await changeShipment(deps, first, { kind: 'key.added', key }, member)).toEqual({ outcome: 'changed' });
    const taken = await changeShipment(deps, second, { kind: 'key.added', key }, member);
    const code = (await fileOf(deps.db, first))!.code;
    expect(taken).toEqual({
      outcome: 'refused',
      message: `Esta chave já está no embarque ${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}.`,
    });
  });
});
