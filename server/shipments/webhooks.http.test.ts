import { describe, expect, it } from 'vitest';
import { backendsForThisFile } from '../../test/support/backends';
import { startWebhookInstance } from '../../test/support/instance';
import { pending } from '../../test/support/outbox';
import { OPENING } from '../../test/support/shipments';
import { eventually } from '../../test/support/wait';
import { startWebhookReceiver, webhookTo } from '../../test/support/webhooks';
import { changeShipment } from './commands/change';
import { openShipment } from './commands/open';
import { recordEvent } from './commands/record-event';
import type { Audience, EventKind } from './events';
import type { ShipmentHook } from './messages';

// The shipment.* webhooks (docs/requirements.md §12.10), signed as the leads' are (§10.15): a
// receiver that checks each post with the Standard Webhooks reference library (the standardwebhooks
// package) gets shipment.created at the opening, shipment.updated at a change, and shipment.event
// at every event, the internal ones too, each with the shipment as it then stands.

const by = { actor: { kind: 'system' as const } };

describe.each(backendsForThisFile())('the signed shipment webhooks on $name', (backend) => {
  it('posts shipment.created, .updated and .event, each verified by the reference library', {
    timeout: 60_000,
  }, async () => {
    const receiver = await startWebhookReceiver();
    const repository = await backend.fresh({ channels: ['webhook'] });
    startWebhookInstance(repository, webhookTo(receiver.url));
    const id = await openShipment(repository.shipments, OPENING, by);
    expect(
      (await changeShipment(repository.shipments, id, { kind: 'fields', fields: { vehiclePlate: 'QRS4E21' } }, by))
        .outcome,
    ).toBe('changed');
    const events: [EventKind, Audience][] = [
      ['picked_up', 'customer'],
      ['delay', 'internal'],
    ];
    const ids: string[] = [];
    for (const [step, [kind, audience]] of events.entries()) {
      const recorded = await recordEvent(
        repository.shipments,
        id,
        {
          kind,
          audience,
          occurredAt: new Date(Date.now() - 60_000 + step * 1_000).toISOString(),
          recordedBy: { kind: 'system' },
          dedupeKey: `hooks:${id}:${step}`,
        },
        by,
      );
      if (recorded.outcome !== 'recorded') throw new Error(recorded.outcome);
      ids.push(recorded.event.id);
    }
    await eventually(async () => expect(await pending(repository, 'webhook')).toBe(0));

    expect(receiver.rejected).toEqual([]);
    const bodies = receiver.deliveries.map(({ body }) => body);
    // Sent one by one or side by side, in whatever order: which arrived is the point, not when.
    expect(bodies.map(({ type }) => type).sort()).toEqual([
      'shipment.created',
      'shipment.event',
      'shipment.event',
      'shipment.updated',
    ]);
    expect(new Set(receiver.deliveries.map((delivery) => delivery.id)).size).toBe(4);
    const hook = (type: string, eventId?: string) =>
      (bodies as unknown as ShipmentHook[]).find((body) => body.type === type && body.data.event?.id === eventId)!;
    const [created, updated, pickedUp, delay] = [
      hook('shipment.created'),
      hook('shipment.updated'),
      hook('shipment.event', ids[0]),
      hook('shipment.event', ids[1]),
    ];
    const code = String((await repository.shipments.db.get('SELECT code FROM shipments WHERE id = ?', [id]))?.code);
    expect(created!.data.shipment).toMatchObject({
      id,
      code,
      status: 'scheduled',
      customer: { email: OPENING.customerEmail },
      origin: { ibge: '3509502', city: 'Campinas', state: 'SP' },
      destination: { ibge: '1501402', city: 'Belém', state: 'PA' },
    });
    expect(created!.data.event).toBeUndefined();
    expect(updated!.data.shipment).toMatchObject({ id, vehicle: { plate: 'QRS4E21' } });
    expect(pickedUp!.data.event).toMatchObject({ type: 'picked_up', audience: 'customer' });
    expect(pickedUp!.data.shipment).toMatchObject({ id, status: 'picked_up' });
    expect(delay!.data.event).toMatchObject({ type: 'delay', audience: 'internal' });
    expect(delay!.data.shipment.events).toHaveLength(3);
    for (const { request } of receiver.deliveries)
      expect(request.headers['content-type']).toMatch(/^application\/json/);
  });
});
