import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { OPENING } from '../../test/support/shipments';
import type { Repository } from '../composition/repository';
import { openShipment } from './commands/open';
import { recordEvent } from './commands/record-event';

// A shipment under LGPD (docs/requirements.md §12.11): in the person's access with its photos; erased
// of its people while its fiscal record stays, with the reason said; purged by the retention.

const TOKEN = 'a-very-long-admin-token-for-these-tests-0123456789';
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

describe.each(backendsForThisFile())('a shipment’s personal data on $name', (backend) => {
  async function setUp() {
    const repository: Repository = await backend.fresh({ channels: [] });
    const { app } = createTestApp({ repository, adminToken: TOKEN });
    const by = { actor: { kind: 'system' as const } };
    const id = await openShipment(repository.shipments, { ...OPENING, driverEmail: 'joao@motoristas.com.br' }, by);
    await repository.shipments.db.run(
      "INSERT INTO shipment_keys (shipment_id, kind, digits, cnpj, number, created_at) VALUES (?, 'cte', '35261112345678000195570010000123451123456786', '12345678000195', '12345', ?)",
      [id, new Date().toISOString()],
    );
    await recordEvent(
      repository.shipments,
      id,
      {
        kind: 'delivered',
        occurredAt: new Date().toISOString(),
        audience: 'customer',
        note: 'Entregue ao porteiro Zé',
        recipientName: 'José Souza',
        recipientDocument: '123.456.789-09',
        recordedBy: { kind: 'driver' },
        dedupeKey: 'd:1',
        photos: [{ jpeg: JPEG, width: 1, height: 1 }],
      },
      by,
    );
    const api = (method: 'get' | 'delete', email: string) =>
      request(app)[method]('/api/subjects').query({ email }).set('Authorization', `Bearer ${TOKEN}`);
    return { repository, id, api };
  }

  it('shows the customer’s and the driver’s shipments in their access, photos included, audited', async () => {
    const { repository, id, api } = await setUp();
    for (const email of ['MARTA@acme.com.br', 'joao@motoristas.com.br']) {
      const res = await api('get', email);
      expect(res.status).toBe(200);
      const [shipment] = res.body.data.shipments;
      expect(shipment).toMatchObject({ id, customer: { name: 'Marta Lima' }, keys: [{ kind: 'cte' }] });
      expect(shipment.photos[0].jpegBase64).toBe(JPEG.toString('base64'));
      expect(shipment.events.at(-1).recipient).toEqual({ name: 'José Souza', document: '123.456.789-09' });
    }
    const lines = await repository.audit.readAudit({ action: 'subject.access', limit: 5 });
    expect(lines[0]!.leadIds).toContain(id);
  });

  it('erases the people and keeps the fiscal record, saying what stayed and why', async () => {
    const { repository, id, api } = await setUp();
    const res = await api('delete', 'marta@acme.com.br');
    expect(res.body.data).toMatchObject({ shipments: 1, kept: expect.stringContaining('CTN, art. 173 e 195') });
    const row = (await repository.shipments.db.get('SELECT * FROM shipments WHERE id = ?', [id]))!;
    expect([row.customer_name, row.customer_email, row.driver_name, row.driver_email, row.notices_token]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([row.code, row.origin_city, row.customer_cnpj]).toEqual([expect.any(String), 'Campinas', '12345678000195']);
    const events = await repository.shipments.db.all(
      'SELECT kind, note, recipient_name FROM shipment_events WHERE shipment_id = ? ORDER BY seq',
      [id],
    );
    expect(events).toEqual([
      { kind: 'scheduled', note: null, recipient_name: null },
      { kind: 'delivered', note: null, recipient_name: null },
    ]);
    expect(await repository.shipments.db.all('SELECT id FROM shipment_photos')).toEqual([]);
    expect(await repository.shipments.db.all('SELECT digits FROM shipment_keys')).toHaveLength(1);
    expect((await api('get', 'marta@acme.com.br')).body.data.shipments).toEqual([]);
  });

  it('clears the people with the leads’ retention, and purges the whole record after five fiscal years', async () => {
    const { repository, id } = await setUp();
    const now = new Date();
    const personal = await repository.personalData.purgeOlderThan({
      leads: new Date(now.getTime() + 60_000),
      suspects: now,
      applications: now,
      now,
    });
    expect(personal).toMatchObject({ shipmentsCleared: 1, shipmentsExpired: 0 });
    expect(
      (await repository.shipments.db.get('SELECT customer_name FROM shipments WHERE id = ?', [id]))?.customer_name,
    ).toBeNull();
    const later = new Date(Date.UTC(now.getUTCFullYear() + 6, 0, 2));
    const fiscal = await repository.personalData.purgeOlderThan({ suspects: now, applications: now, now: later });
    expect(fiscal).toMatchObject({ shipmentsExpired: 1 });
    expect(await repository.shipments.db.all('SELECT id FROM shipments')).toEqual([]);
    expect(await repository.shipments.db.all('SELECT kind FROM shipment_events')).toEqual([]);
  });
});
