import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { ADMIN_TOKEN, bearer, sampleContact, sampleQuote, validContact, validQuote } from '../../test/support/leads';

const READS = ['/api/contacts', '/api/quotes', '/api/quotes/00000000-0000-4000-8000-000000000000'];

describe.each(backendsForThisFile())('protected reads on $name', (backend) => {
  // null: the server was started without ADMIN_TOKEN.
  const freshApp = async (adminToken: string | null = ADMIN_TOKEN) =>
    createTestApp({ repository: await backend.fresh(), adminToken: adminToken ?? undefined });

  describe('authorization', () => {
    it.each(READS)('answers %s without a token with 401 JSON and WWW-Authenticate: Bearer', async (path) => {
      const { app } = await freshApp();
      const res = await request(app).get(path);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).toEqual({
        success: false,
        code: expect.any(String),
        message: expect.stringContaining('Authorization'),
      });
    });

    it.each([
      `Bearer ${ADMIN_TOKEN}x`,
      `Bearer ${ADMIN_TOKEN.slice(1)}`,
      `Basic ${ADMIN_TOKEN}`,
      ADMIN_TOKEN,
      `Bearer ${ADMIN_TOKEN} extra`,
    ])('refuses Authorization: %s with 401', async (header) => {
      const { app } = await freshApp();
      expect((await request(app).get('/api/contacts').set('Authorization', header)).status).toBe(401);
    });

    it.each(READS)('answers %s with 403 JSON when ADMIN_TOKEN is not set, even to a token', async (path) => {
      const { app } = await freshApp(null);
      const res = await request(app).get(path).set('Authorization', bearer);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        code: expect.any(String),
        message: expect.stringContaining('ADMIN_TOKEN'),
      });
    });

    it('accepts the right token, with any case of "Bearer", and forbids caching the personal data', async () => {
      const { app } = await freshApp();
      const res = await request(app).get('/api/contacts').set('Authorization', `bearer ${ADMIN_TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('keeps POST public while reads are protected', async () => {
      const { app } = await freshApp();
      expect((await request(app).post('/api/quotes').send(sampleQuote)).status).toBe(201);
    });
  });

  describe('pagination', () => {
    it('defaults to page 1 of 10, newest first, with the totals', async () => {
      const { app, repository } = await freshApp();
      for (let n = 1; n <= 12; n++)
        await repository.contacts.createContact(validContact({ ...sampleContact, message: `m${n}` }));
      const res = await request(app).get('/api/contacts').set('Authorization', bearer);
      expect(res.body.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
      expect(res.body.data.map((contact: { message: string }) => contact.message)).toEqual([
        'm12',
        'm11',
        'm10',
        'm9',
        'm8',
        'm7',
        'm6',
        'm5',
        'm4',
        'm3',
      ]);
      expect(res.body.success).toBe(true);
    });

    it('serves the last partial page and an empty page past the end', async () => {
      const { app, repository } = await freshApp();
      for (let n = 0; n < 7; n++) await repository.quotes.createQuote(validQuote());
      const last = await request(app).get('/api/quotes?page=3&limit=3').set('Authorization', bearer);
      expect(last.body.data).toHaveLength(1);
      expect(last.body.pagination).toEqual({ page: 3, limit: 3, total: 7, totalPages: 3 });
      const past = await request(app).get('/api/quotes?page=9&limit=3').set('Authorization', bearer);
      expect(past.status).toBe(200);
      expect(past.body).toEqual({
        success: true,
        data: [],
        pagination: { page: 9, limit: 3, total: 7, totalPages: 3 },
      });
    });

    it('answers an empty store with total 0 and no pages', async () => {
      const { app } = await freshApp();
      const res = await request(app).get('/api/quotes').set('Authorization', bearer);
      expect(res.body).toEqual({
        success: true,
        data: [],
        pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
      });
    });

    it('refuses ?page=1e3&limit=0x10, which Number() reads as page 1000 and limit 16', async () => {
      const { app } = await freshApp();
      const res = await request(app).get('/api/contacts?page=1e3&limit=0x10').set('Authorization', bearer);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        page: 'Use em page um número inteiro de 1 a 1.000.000, escrito só com algarismos.',
        limit: 'Use em limit um número inteiro de 1 a 100, escrito só com algarismos.',
      });
    });

    it.each(['limit=1', 'limit=100', 'page=1000000'])('accepts the bound %s', async (query) => {
      const { app } = await freshApp();
      expect((await request(app).get(`/api/contacts?${query}`).set('Authorization', bearer)).status).toBe(200);
    });

    it.each([
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=abc', 'page'],
      ['page=', 'page'],
      ['page=1&page=2', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=dez', 'limit'],
      ['page=1e3', 'page'],
      ['limit=0x10', 'limit'],
      ['page=%2B1', 'page'],
      ['page=01', 'page'],
      ['page=1.0', 'page'],
      ['page=%201', 'page'],
      ['page=1000001', 'page'],
      ['page=99999999999999999999', 'page'],
    ])('rejects ?%s with 400 and a Portuguese message for %s', async (query, field) => {
      const { app } = await freshApp();
      const res = await request(app).get(`/api/quotes?${query}`).set('Authorization', bearer);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: expect.any(String),
        message: 'Parâmetros de paginação inválidos.',
        errors: { [field]: expect.stringMatching(/^Use em /) },
      });
    });
  });

  describe('GET /api/quotes/:id', () => {
    it('answers the stored quote', async () => {
      const { app } = await freshApp();
      const created = await request(app).post('/api/quotes').send(sampleQuote);
      const res = await request(app).get(`/api/quotes/${created.body.data.id}`).set('Authorization', bearer);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: expect.any(String), data: created.body.data });
    });

    it('answers 404 JSON for an unknown UUID', async () => {
      const { app } = await freshApp();
      const res = await request(app)
        .get('/api/quotes/00000000-0000-4000-8000-000000000000')
        .set('Authorization', bearer);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.any(String), message: 'Cotação não encontrada.' });
    });

    it.each(['123', 'not-a-uuid', '00000000-0000-4000-8000-00000000000g'])(
      'answers 400 JSON for the id %s',
      async (id) => {
        const { app } = await freshApp();
        const res = await request(app).get(`/api/quotes/${id}`).set('Authorization', bearer);
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
      },
    );
  });

  it('lets two app instances on one store each read what the other wrote', async () => {
    const first = await freshApp();
    const second = createTestApp({ repository: await backend.another(), adminToken: ADMIN_TOKEN });
    const contact = await request(first.app).post('/api/contacts').send(sampleContact);
    const quote = await request(second.app).post('/api/quotes').send(sampleQuote);
    const contacts = await request(second.app).get('/api/contacts').set('Authorization', bearer);
    const fetched = await request(first.app).get(`/api/quotes/${quote.body.data.id}`).set('Authorization', bearer);
    expect(contacts.body.data.map((item: { id: string }) => item.id)).toEqual([contact.body.data.id]);
    expect(fetched.body.data).toEqual(quote.body.data);
  });
});
