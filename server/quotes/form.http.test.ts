// @vitest-environment jsdom
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { structuredQuote } from '../../test/support/leads';

// The quote form without JavaScript (docs/requirements.md §4.5): a form post, answered with pages.

const parseHTML = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** The form as the browser posts it: a place is its city and its UF, numbers as typed in Brazil. */
const FORM = new URLSearchParams({
  'origin.city': 'sao jose dos campos',
  'origin.state': 'SP',
  'destination.city': 'macapa',
  'destination.state': 'AP',
  cargoType: 'carga_geral',
  segment: 'tecnologia',
  weightTons: '12,5',
  vehicle: '28t',
  goodsValue: '850.000,50',
  pickupDate: '2099-12-31',
  frequency: 'mensal',
  name: 'Marina Prado',
  email: 'marina@tecnorte.com.br',
  phone: '',
  company: '',
  cnpj: '12.ABC.345/01DE-35',
  notes: '',
});

const postForm = (app: Parameters<typeof request>[0], fields: Record<string, string>, headers = {}) =>
  request(app)
    .post('/api/quotes')
    .set({ 'Sec-Fetch-Site': 'same-origin', Referer: 'http://localhost:3000/cotacao?utm_source=google', ...headers })
    .type('form')
    .send(new URLSearchParams({ ...Object.fromEntries(FORM), ...fields }).toString());

describe('POST /api/quotes from the form without JavaScript', () => {
  it('resolves the typed names, stores the quote and answers 303 to the confirmation', async () => {
    const { app, repository } = createTestApp();
    const res = await postForm(app, {});
    expect([res.status, res.headers.location]).toEqual([303, '/cotacao/enviada']);
    const { items } = await repository.quotes.listQuotes(1, 10);
    expect(items).toEqual([
      expect.objectContaining({
        origin: { city: 'São José dos Campos', state: 'SP' },
        destination: { city: 'Macapá', state: 'AP' },
        weightTons: 12.5,
        goodsValue: 850000.5,
        cnpj: '12.ABC.345/01DE-35',
        source: { form: 'cotacao', page: '/cotacao', utmSource: 'google' },
      }),
    ]);
    expect(items[0]).not.toHaveProperty('phone');
  });

  it('answers /cotacao again, 400 and not kept, with every message beside its field and the values typed', async () => {
    const { app, repository } = createTestApp();
    const res = await postForm(app, {
      'origin.city': 'Nenhum Lugar',
      weightTons: '30',
      pickupDate: '2001-01-01',
      cnpj: '11.222.333/0001-82',
    });
    expect([res.status, res.headers['cache-control']]).toEqual([400, 'no-store']);
    const document = parseHTML(res.text);
    const messageOf = (name: string) => {
      const control = document.querySelector(`[name="${name}"]`)!;
      const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
      return ids
        .map((id) => document.getElementById(id)?.textContent)
        .find((text) => text && !text.startsWith('Digite'));
    };
    expect({
      origin: messageOf('origin.city'),
      weight: messageOf('weightTons'),
      date: messageOf('pickupDate'),
      cnpj: messageOf('cnpj'),
    }).toEqual({
      origin: 'Não encontramos o município de origem “Nenhum Lugar” em SP: confira o nome e a UF.',
      weight: 'O peso excede a capacidade do veículo escolhido.',
      date: 'A data de coleta não pode estar no passado.',
      cnpj: 'CNPJ inválido: confira os dígitos verificadores.',
    });
    expect((document.querySelector('[name="origin.city"]') as HTMLInputElement).value).toBe('Nenhum Lugar');
    expect((document.querySelector('[name="goodsValue"]') as HTMLInputElement).value).toBe('850.000,50');
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(0);
  });

  it('answers a post from another site with /cotacao and the reason, storing nothing', async () => {
    const { app, repository } = createTestApp();
    const res = await postForm(app, {}, { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(parseHTML(res.text).querySelector('[role="alert"]')?.textContent).toMatch(/^Envio recusado/);
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(0);
  });
});

describe('the spam quarantine, for quotes', () => {
  it('holds a quote whose hidden field is filled, answers it as stored, and releases it as a quote', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/quotes')
      .send({ ...structuredQuote, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: expect.any(String), origin: { city: 'São José dos Campos' } });
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(0);
    const [held] = await repository.suspects.listSuspects('suspect', 10);
    expect(held).toMatchObject({
      id: res.body.data.id,
      fields: { name: structuredQuote.name, message: 'Caixas paletizadas.' },
    });
    expect(held!.findings.map((finding) => finding.reason)).toContain('honeypot');

    expect(await repository.suspects.releaseSuspect(held!.id, { actor: { kind: 'token' } })).toBe('released');
    expect(await repository.quotes.getQuote(held!.id)).toEqual(res.body.data);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  });

  it('replays a held quote’s reply for its Idempotency-Key', async () => {
    const { app } = createTestApp();
    const body = { ...structuredQuote, website: 'spam' };
    const first = await request(app).post('/api/quotes').set('Idempotency-Key', 'q-spam').send(body);
    const again = await request(app).post('/api/quotes').set('Idempotency-Key', 'q-spam').send(body);
    expect([again.status, again.headers['idempotent-replayed'], again.body]).toEqual([201, 'true', first.body]);
  });
});
