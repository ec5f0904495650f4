import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable } from '../../test/support/inbox';
import { signedInMember } from '../../test/support/members';
import { payloadOf } from '../../test/support/outbox';
import { acceptedShipment } from '../../test/support/shipments';
import type { Repository } from '../composition/repository';

// The team's side of a shipment (docs/requirements.md §12.1, §12.6, §12.7): opened by the acceptance,
// completed on its page with plain forms, its views audited, its driver's link shown once.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };
const CTE = '35261112345678000195570010000123451123456786';

describe.each(backendsForThisFile())('a shipment in the workplace on $name', (backend) => {
  async function setUp() {
    const repository: Repository = await backend.fresh({ channels: ['email', 'webhook'] });
    const { app } = createTestApp({ repository });
    const shipment = await acceptedShipment(repository, app);
    const { cookie } = await signedInMember(repository, 'vendas');
    const get = (path: string) => request(app).get(path).set('Cookie', cookie);
    const post = (path: string, form: Record<string, string>) =>
      request(app).post(path).set('Cookie', cookie).set(SAME_SITE).type('form').send(form);
    const page = `/painel/embarques/${shipment.code}`;
    return { repository, app, shipment, get, post, page };
  }

  it('is opened by the acceptance, with its code mailed to the customer and its webhook queued', async () => {
    const { shipment } = await setUp();
    const outbox = await backend.rows('outbox');
    const notice = outbox.find((row) => row.kind === 'shipment.notice')!;
    expect(payloadOf(notice)).toMatchObject({ code: shipment.code, about: 'opened', lane: 'Campinas/SP → Belém/PA' });
    expect(
      outbox
        .filter((row) => String(row.kind).startsWith('shipment.') && row.channel === 'webhook')
        .map((row) => row.kind),
    ).toEqual(['shipment.created']);
  });

  it('lists it on the board under its coming pickup, and shows its page with the view audited once', async () => {
    const { repository, shipment, get, page } = await setUp();
    const board = await get('/painel/embarques');
    expect(board.status).toBe(200);
    expect(readable(board.text)).toContain('Campinas/SP → Belém/PA');
    expect(board.text).toContain(`href="${page}"`);
    const first = await get(page);
    await get(page);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const text = readable(first.text);
    for (const shown of ['Coleta agendada', 'Carlos Lima', 'Prazo da proposta', '7 dias após a coleta', 'estimativa'])
      expect(text).toContain(shown);
    const views = await repository.audit.readAudit({ leadId: shipment.id, action: 'shipment.viewed', limit: 10 });
    expect(views).toHaveLength(1);
  });

  it('refuses a key whose check digit fails, naming the digit, and keeps a right one', async () => {
    const { post, get, page } = await setUp();
    const wrong = await post(`${page}/chaves`, { documento: 'cte', chave: `${CTE.slice(0, 43)}7` });
    expect(wrong.status).toBe(400);
    expect(readable(wrong.text)).toContain(
      'O dígito verificador (44º dígito) não confere: é 7, mas pelos 43 primeiros deveria ser 6.',
    );
    const right = await post(`${page}/chaves`, { documento: 'cte', chave: CTE.replace(/(\d{4})/g, '$1 ') });
    expect(right.status).toBe(303);
    expect(right.headers.location).toBe(`${page}?salvo=chave`);
    expect(readable((await get(page)).text)).toContain('3526 1112 3456');
  });

  it('records an event once however often its form is sent, and cancels it with a reason', async () => {
    const { repository, shipment, post, get, page } = await setUp();
    const form = {
      chave: '8d0c2d5a-5b7e-4f1a-9c3d-2e1f0a9b8c7d',
      tipo: 'picked_up',
      data: '',
      hora: '',
      municipio: 'campinas/sp',
    };
    const now = new Date(Date.now() - 3_600_000);
    const parts = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Sao_Paulo',
      dateStyle: 'short',
      timeStyle: 'short',
    })
      .format(now)
      .split(' ');
    Object.assign(form, { data: parts[0], hora: parts[1] });
    expect((await post(`${page}/eventos`, form)).status).toBe(303);
    expect((await post(`${page}/eventos`, form)).status).toBe(303);
    const events = await repository.shipments.db.all(
      'SELECT id, kind FROM shipment_events WHERE shipment_id = ? ORDER BY seq',
      [shipment.id],
    );
    expect(events.map((e) => e.kind)).toEqual(['scheduled', 'picked_up']);
    const noReason = await post(`${page}/eventos/${events[1]!.id}/cancelar`, { motivo: '' });
    expect(noReason.status).toBe(400);
    expect(readable(noReason.text)).toContain('Informe o motivo do cancelamento.');
    expect((await post(`${page}/eventos/${events[1]!.id}/cancelar`, { motivo: 'Era de outro embarque' })).status).toBe(
      303,
    );
    const text = readable((await get(page)).text);
    expect(text).toContain('Cancelado: Era de outro embarque');
    expect(text).toContain('Coleta agendada');
  });

  it('shows the driver’s link once, with its QR code and WhatsApp link, and revokes it', async () => {
    const { repository, shipment, post, get, page } = await setUp();
    await post(`${page}/equipe`, {
      motorista: 'João Pereira',
      telefone: '(91) 98765-4321',
      veiculo: '45t',
      placa: 'abc-1d23',
    }).expect(303);
    const issued = await post(`${page}/motorista`, {});
    expect(issued.status).toBe(200);
    const link = /href="(http:\/\/localhost:3000\/motorista\/[A-Za-z0-9_-]{43})"/.exec(issued.text)?.[1];
    expect(link).toBeDefined();
    expect(issued.text).toContain('<svg');
    expect(issued.text).toContain('https://wa.me/5591987654321?text=');
    const later = await get(page);
    expect(later.text).not.toContain(link!);
    expect(readable(later.text)).toContain('Há um link valendo');
    const stored = await repository.shipments.db.get('SELECT digest FROM driver_links WHERE shipment_id = ?', [
      shipment.id,
    ]);
    expect(String(stored?.digest)).toMatch(/^[0-9a-f]{64}$/);
    expect((await post(`${page}/motorista/revogar`, {})).headers.location).toBe(`${page}?salvo=revogado`);
    expect(readable((await get(page)).text)).toContain('Nenhum link valendo.');
  });

  it('answers an unknown code with the not-found page', async () => {
    const { get } = await setUp();
    expect((await get('/painel/embarques/0000-0000-000')).status).toBe(404);
    expect((await get('/painel/embarques/xyz')).status).toBe(404);
  });
});
