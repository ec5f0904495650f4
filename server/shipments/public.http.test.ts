import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable } from '../../test/support/inbox';
import { signedInMember } from '../../test/support/members';
import { payloadOf } from '../../test/support/outbox';
import { acceptedShipment } from '../../test/support/shipments';
import type { Repository } from '../composition/repository';
import { issueDriverLink } from './commands/links';
import { recordEvent } from './commands/record-event';

// The shipper's and the driver's side (docs/requirements.md §12.7, §12.9, §12.10, §12.12): lookups
// that tell nothing of what exists, no person's data on /rastreio, the driver's link that ends at the
// delivery, the one link that stops the notices, the proof behind its own link.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };
const CTE = '35261112345678000195570010000123451123456786';
// An NF-e of Bebidas do Norte's CNPJ (12.345.678/0001-95), number 4321.
const NFE = '35261112345678000195550010000043211123456782';

describe.each(backendsForThisFile())('the public side of a shipment on $name', (backend) => {
  async function setUp() {
    const repository: Repository = await backend.fresh({ channels: ['email', 'webhook'] });
    const { app } = createTestApp({ repository, trustProxy: 1 });
    const shipment = await acceptedShipment(repository, app);
    const { cookie } = await signedInMember(repository, 'vendas');
    const team = (path: string, form: Record<string, string>) =>
      request(app)
        .post(`/painel/embarques/${shipment.code}${path}`)
        .set('Cookie', cookie)
        .set(SAME_SITE)
        .type('form')
        .send(form);
    await team('/chaves', { documento: 'cte', chave: CTE }).expect(303);
    await team('/chaves', { documento: 'nfe', chave: NFE }).expect(303);
    const track = (query: Record<string, string>, from = '203.0.113.7') =>
      request(app).get('/rastreio').query(query).set('X-Forwarded-For', from);
    return { repository, app, shipment, team, track };
  }

  it('finds the load by its code, its CT-e key, or the CNPJ and NF number, showing no person', async () => {
    const { shipment, track } = await setUp();
    for (const query of <Record<string, string>[]>[
      { codigo: `${shipment.code.slice(0, 4)}-${shipment.code.slice(4, 8)}-${shipment.code.slice(8)}`.toLowerCase() },
      { chave: CTE.replace(/(\d{4})/g, '$1 ') },
      { cnpj: '12.345.678/0001-95', nf: '4321' },
    ]) {
      const res = await track(query);
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const text = readable(res.text);
      expect(text).toContain('Campinas/SP → Belém/PA');
      expect(text).toContain('Coleta agendada');
      for (const hidden of ['Carlos Lima', 'Bebidas do Norte', 'carlos@', '<script'])
        expect(res.text).not.toContain(hidden);
    }
  });

  it('answers a code whose check fails and a code nobody has with the same page', async () => {
    const { shipment, track } = await setUp();
    const last = shipment.code.at(-1) === 'A' ? 'B' : 'A';
    const wrong = `${shipment.code.slice(0, 10)}${last}`;
    const unknown = '7KQ4X92MHTK';
    const [a, b] = [await track({ codigo: wrong }), await track({ codigo: unknown })];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.text.replaceAll(wrong, 'X')).toBe(b.text.replaceAll(unknown, 'X'));
    expect(readable(a.text)).toContain('Não encontramos um embarque com esses dados.');
  });

  it('counts every lookup of an address, found or not, and refuses the 61st for the hour', async () => {
    const { shipment, track } = await setUp();
    for (let i = 0; i < 60; i++)
      expect((await track({ codigo: i % 2 ? shipment.code : '7KQ4X92MHTK' })).status).toBe(200);
    const limited = await track({ codigo: shipment.code });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(readable(limited.text)).toContain('Muitas consultas a partir deste endereço.');
    expect((await track({ codigo: shipment.code }, '198.51.100.9')).status).toBe(200);
  });

  it('takes the driver’s events once per key, by form or from the island, until the delivery ends the link', async () => {
    const { repository, app, shipment } = await setUp();
    const issued = await issueDriverLink(repository.shipments, shipment.id, false, { actor: { kind: 'system' } });
    const path = `/motorista/${(issued as { token: string }).token}`;
    const page = await request(app).get(path);
    expect(page.status).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    for (const button of ['Coletei', 'Estou a caminho', 'Cheguei', 'Entreguei', 'Registrar ocorrência'])
      expect(page.text).toContain(button);
    const key = '2b0c6a1e-4f3d-4e2a-9b8c-7d6e5f4a3b2c';
    const form = await request(app)
      .post(`${path}/eventos`)
      .set(SAME_SITE)
      .type('form')
      .send({ chave: key, tipo: 'picked_up' });
    expect([form.status, form.headers.location]).toEqual([303, `${path}?registrado=picked_up`]);
    const island = await request(app)
      .post(`${path}/eventos`)
      .set(SAME_SITE)
      .set('Accept', 'application/json')
      .type('form')
      .send({ chave: key, tipo: 'picked_up', quando: new Date(Date.now() - 600_000).toISOString() });
    expect([island.status, island.headers['idempotent-replayed']]).toEqual([200, 'true']);
    const noPhoto = await request(app).post(`${path}/eventos`).set(SAME_SITE).type('form').send({
      chave: '3c1d7b2f-5a4e-4f3b-8c9d-8e7f6a5b4c3d',
      tipo: 'delivered',
      recebedor: 'José Souza',
      documento: '123.456.789-09',
    });
    expect(noPhoto.status).toBe(400);
    expect(readable(noPhoto.text)).toContain('Tire ao menos uma foto do canhoto assinado.');
    await recordEvent(
      repository.shipments,
      shipment.id,
      {
        kind: 'delivered',
        occurredAt: new Date().toISOString(),
        audience: 'customer',
        recipientName: 'José Souza',
        recordedBy: { kind: 'system' },
        dedupeKey: 'tms:1',
      },
      { actor: { kind: 'system' } },
    );
    const replay = await request(app)
      .post(`${path}/eventos`)
      .set(SAME_SITE)
      .type('form')
      .send({ chave: key, tipo: 'picked_up' });
    expect(replay.status).toBe(410);
    expect(readable(replay.text)).toContain('Este link foi encerrado');
    expect((await request(app).get(path)).status).toBe(410);
    const kinds = await repository.shipments.db.all(
      'SELECT kind FROM shipment_events WHERE shipment_id = ? ORDER BY seq',
      [shipment.id],
    );
    expect(kinds.map((row) => row.kind)).toEqual(['scheduled', 'picked_up', 'delivered']);
  });

  it('counts wrong driver’s links per address, and then refuses every link', async () => {
    const { app } = await setUp();
    for (let i = 0; i < 10; i++) expect((await request(app).get(`/motorista/${'a'.repeat(42)}${i}`)).status).toBe(404);
    expect((await request(app).get(`/motorista/${'b'.repeat(43)}`)).status).toBe(429);
  });

  it('stops the notices with one link: a GET only offers the button, the POST stops them', async () => {
    const { repository, app, shipment, backend: _ } = { ...(await setUp()), backend };
    const notice = (await backend.rows('outbox')).find((row) => row.kind === 'shipment.notice')!;
    const token = payloadOf(notice).noticesToken as string;
    const offer = await request(app).get(`/rastreio/avisos/${token}`);
    expect(readable(offer.text)).toContain('Parar os avisos deste embarque');
    expect(
      (await repository.shipments.db.get('SELECT notices FROM shipments WHERE id = ?', [shipment.id]))?.notices,
    ).toBeTruthy();
    // As a mail client's one-click POST arrives (RFC 8058): no browser headers, its one field.
    const stop = await request(app).post(`/rastreio/avisos/${token}`).type('form').send('List-Unsubscribe=One-Click');
    expect(stop.status).toBe(200);
    await recordEvent(
      repository.shipments,
      shipment.id,
      {
        kind: 'picked_up',
        occurredAt: new Date().toISOString(),
        audience: 'customer',
        recordedBy: { kind: 'system' },
        dedupeKey: 'tms:2',
      },
      { actor: { kind: 'system' } },
    );
    const notices = (await backend.rows('outbox')).filter((row) => row.kind === 'shipment.notice');
    expect(notices).toHaveLength(1);
  });

  it('shows the proof only behind the link e-mailed at the delivery, each opening audited', async () => {
    const { repository, app, shipment } = await setUp();
    await recordEvent(
      repository.shipments,
      shipment.id,
      {
        kind: 'delivered',
        occurredAt: new Date().toISOString(),
        audience: 'customer',
        recipientName: 'José Souza',
        recipientDocument: 'RG 1234567',
        recordedBy: { kind: 'system' },
        dedupeKey: 'tms:3',
      },
      { actor: { kind: 'system' } },
    );
    const delivered = (await backend.rows('outbox')).find(
      (row) => row.kind === 'shipment.notice' && payloadOf(row).about === 'delivered',
    )!;
    const proof = await request(app).get(`/comprovante/${payloadOf(delivered).proofToken}`);
    expect(proof.status).toBe(200);
    expect(readable(proof.text)).toContain('José Souza');
    expect(readable(proof.text)).toContain('RG 1234567');
    const tracked = await request(app).get('/rastreio').query({ codigo: shipment.code });
    expect(tracked.text).not.toContain('José Souza');
    expect(readable(tracked.text)).toContain('Comprovante de entrega enviado ao e-mail de quem contratou o frete.');
    const lines = await repository.audit.readAudit({ leadId: shipment.id, action: 'shipment.proof_viewed', limit: 5 });
    expect(lines).toHaveLength(1);
  });
});
