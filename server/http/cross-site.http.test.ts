import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { ADMIN_TOKEN, bearer, sampleQuote } from '../../test/support/leads';

const form = 'name=Ana&email=ana%40empresa.com.br&message=Ol%C3%A1';
const contact = { name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' };
const REFUSED = 'Envio recusado: este formulário só pode ser enviado a partir do nosso próprio site.';

const postForm = (headers: Record<string, string>) => {
  const { app, repository } = createTestApp({ publicUrl: new URL('https://www.exemplo.com.br') });
  return { repository, reply: request(app).post('/api/contacts').set(headers).type('form').send(form) };
};

describe('a form posted from another site', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
    ['only an Origin of another site', { Origin: 'https://evil.example' }],
    ['only an Origin of this host over another scheme', { Origin: 'http://www.exemplo.com.br' }],
    ['an opaque Origin (a sandboxed page, a data: URL)', { Origin: 'null' }],
    [
      'neither header but a Referer of another site, as an old browser posts another site’s form',
      { Referer: 'https://evil.example/promo' },
    ],
    ['neither header but a Referer that is no URL', { Referer: 'nada' }],
  ])('with %s gets the Portuguese 403 page, and nothing is stored', async (_from, headers) => {
    const { repository, reply } = postForm(headers);
    const res = await reply;
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(REFUSED);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  });
});

describe('a form posted from this site', () => {
  it.each([
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://www.exemplo.com.br' }],
    ['Sec-Fetch-Site: none (the person sent it)', { 'Sec-Fetch-Site': 'none' }],
    [
      'only an Origin that is PUBLIC_URL’s, though the app sees http behind its proxy',
      { Origin: 'https://www.exemplo.com.br' },
    ],
    ['neither header, as an old browser or curl sends it', {}],
    [
      'neither header but a Referer of this site, as an old browser sends its form',
      { Referer: 'https://www.exemplo.com.br/' },
    ],
  ])('with %s is stored', async (_from, headers) => {
    const { repository, reply } = postForm(headers);
    expect((await reply).status).toBe(303);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);
  });
});

describe('the JSON API', () => {
  it('refuses a browser’s cross-site write with 403 JSON', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app).post('/api/contacts').set('Sec-Fetch-Site', 'cross-site').send(contact);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: REFUSED });
    const quote = await request(app).post('/api/quotes').set('Origin', 'https://evil.example').send(sampleQuote);
    expect(quote.status).toBe(403);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  });

  it('stays callable server to server, with no browser header', async () => {
    const { app } = createTestApp();
    expect((await request(app).post('/api/contacts').send(contact)).status).toBe(201);
    expect((await request(app).post('/api/quotes').send(sampleQuote)).status).toBe(201);
  });

  it('does not refuse reads, which another site cannot see', async () => {
    const { app } = createTestApp({ adminToken: ADMIN_TOKEN });
    const res = await request(app)
      .get('/api/contacts')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Authorization', bearer);
    expect(res.status).toBe(200);
  });
});
