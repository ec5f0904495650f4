import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { signedInMember } from '../../test/support/members';
import { acceptedShipment } from '../../test/support/shipments';
import type { Repository } from '../composition/repository';
import { createIntegration, revokeIntegration } from './integrations';

// The inbound events API (docs/requirements.md §12.13): a token per integration, or a Standard
// Webhooks signature; one event per sender's id, whatever arrives at once; a 400 that names each field.

describe.each(backendsForThisFile())('the inbound events API on $name', (backend) => {
  async function setUp() {
    const repository: Repository = await backend.fresh({ channels: ['webhook'] });
    const { app } = createTestApp({ repository });
    const shipment = await acceptedShipment(repository, app);
    const { member } = await signedInMember(repository, 'admin');
    const by = { actor: { kind: 'member' as const, id: member.id, email: member.email } };
    const integration = await createIntegration(repository.shipments, 'TMS', by);
    const post = (body: unknown, token = integration.token) =>
      request(app)
        .post('/api/shipment-events')
        .set('Authorization', `Bearer ${token}`)
        .send(body as object);
    const event = (id: string, fields: object = {}) => ({
      id,
      shipment: shipment.code,
      type: 'in_transit',
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      municipality: { city: 'Marabá', state: 'PA' },
      ...fields,
    });
    const stored = async () =>
      (
        await repository.shipments.db.all('SELECT kind FROM shipment_events WHERE shipment_id = ? ORDER BY seq', [
          shipment.id,
        ])
      ).map((row) => row.kind);
    return { repository, app, shipment, integration, by, post, event, stored };
  }

  it('records an event by its sender’s id once: 201, then 200 with Idempotent-Replayed', async () => {
    const { post, event, stored } = await setUp();
    const first = await post(event('tms-1'));
    const again = await post(event('tms-1'));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ type: 'in_transit' });
    expect([again.status, again.headers['idempotent-replayed'], again.body.data.id]).toEqual([
      200,
      'true',
      first.body.data.id,
    ]);
    expect(await stored()).toEqual(['scheduled', 'in_transit']);
  });

  it('stores one event of many posted at once with the same id', async () => {
    const { post, event, stored } = await setUp();
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(event('tms-race'))));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(new Set(replies.map((reply) => reply.body.data.id)).size).toBe(1);
    expect(await stored()).toEqual(['scheduled', 'in_transit']);
  });

  it('names each malformed field with a 400, and stores nothing', async () => {
    const { post, event, stored } = await setUp();
    const res = await post({
      ...event('tms-2'),
      occurredAt: 'ontem',
      type: 'voando',
      municipality: { city: 'Xyz', state: 'P' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_FIELDS');
    expect(Object.keys(res.body.errors).sort()).toEqual(['municipality.state', 'occurredAt', 'type']);
    const place = await post(event('tms-3', { municipality: { city: 'Atlântida', state: 'PA' } }));
    expect(place.body.errors).toEqual({ municipality: 'Município não encontrado no IBGE: “Atlântida” em PA.' });
    expect((await post(event('tms-4', { shipment: '7KQ4-X92M-HTK' }))).status).toBe(404);
    expect(await stored()).toEqual(['scheduled']);
  });

  it('takes a Standard Webhooks signed post, and refuses a wrong signature or a stale timestamp', async () => {
    const { app, integration, event, stored } = await setUp();
    const body = JSON.stringify(event('sig-1'));
    const signer = new Webhook(integration.secret);
    const send = (headers: Record<string, string>) =>
      request(app).post(`/api/shipment-events/${integration.id}`).type('json').set(headers).send(body);
    const now = new Date();
    const good = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signer.sign('msg_1', now, body),
    };
    expect((await send({ ...good, 'webhook-signature': signer.sign('msg_1', now, `${body} `) })).status).toBe(401);
    const old = new Date(now.getTime() - 10 * 60_000);
    expect(
      (
        await send({
          ...good,
          'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
          'webhook-signature': signer.sign('msg_1', old, body),
        })
      ).status,
    ).toBe(401);
    expect((await send(good)).status).toBe(201);
    expect(await stored()).toEqual(['scheduled', 'in_transit']);
  });

  it('refuses a token the moment its integration is revoked, mid-stream, and stores nothing half', async () => {
    const { repository, post, event, integration, by, stored } = await setUp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      if (i === 3) await revokeIntegration(repository.shipments, integration.id, by);
      statuses.push((await post(event(`stream-${i}`, { type: i % 2 ? 'delay' : 'in_transit' }))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 401, 401, 401]);
    expect(await stored()).toEqual(['scheduled', 'in_transit', 'delay', 'in_transit']);
    const lines = await repository.audit.readAudit({ action: 'integration.revoked', limit: 5 });
    expect(lines).toHaveLength(1);
  });
});
