import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, stampsAt } from '../../test/support/app';
import { getAsSent } from '../../test/support/raw-http';
import { renderDocument } from './render';

vi.mock('./render', async (importOriginal) => {
  const original = await importOriginal<typeof import('./render')>();
  return { renderDocument: vi.fn(original.renderDocument) };
});

describe('the landing and 404 pages', () => {
  it('are rendered once per process, whatever the number of visits', async () => {
    vi.mocked(renderDocument).mockClear();
    const { app } = createTestApp();
    await Promise.all([request(app).get('/'), request(app).get('/'), request(app).get('/x'), request(app).get('/y/z')]);
    await request(app).get('/');
    expect(vi.mocked(renderDocument)).toHaveBeenCalledTimes(2);
  });

  it('can be rendered at start-up, so that the first visit does not wait for React', async () => {
    vi.mocked(renderDocument).mockClear();
    const { app } = createTestApp({ prerender: true });
    // The landing page, the privacy notice, the quote form and its confirmation, the application's
    // confirmation, the 404 page and the contact form's confirmation.
    const pages = [
      '/',
      '/privacidade',
      '/cotacao',
      '/cotacao/enviada',
      '/trabalhe-conosco/candidatura/enviada',
      '/nada',
      '/?contato=enviado',
    ];
    // The application form too, though its route renders it per request with the open positions.
    const rendered = pages.length + 1;
    await vi.waitFor(() => expect(vi.mocked(renderDocument)).toHaveBeenCalledTimes(rendered));
    await Promise.all(pages.map((path) => request(app).get(path)));
    expect(vi.mocked(renderDocument)).toHaveBeenCalledTimes(rendered);
  });

  it.each([
    ['the kept page', '/'],
    ['a kept variant', '/?contato=enviado'],
  ])('send %s with brotli or gzip as the browser accepts, the same page either way', async (_which, path) => {
    // Stamps of one moment: the page is then the same bytes on every request.
    const { app } = createTestApp({ stamps: stampsAt(Date.now()) });
    const plain = await request(app).get(path).set('Accept-Encoding', 'identity');
    const br = await getAsSent(app, path, { 'Accept-Encoding': 'gzip, deflate, br' });
    const gz = await getAsSent(app, path, { 'Accept-Encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.text);
    expect(gunzipSync(gz.body).toString()).toBe(plain.text);
    expect(br.headers.vary).toContain('Accept-Encoding');
  });

  it('carry no-cache with an ETag, and answer 304 to a matching If-None-Match', async () => {
    // Stamps of one moment: the page is then the same bytes whenever it is made anew.
    const { app } = createTestApp({ stamps: stampsAt(Date.now()) });
    const first = await request(app).get('/');
    expect(first.headers['cache-control']).toBe('no-cache');
    // Strong: it names these bytes, stamp included (stamped-pages.http.test.ts).
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    // Sent whole, with its length: nothing for a buffering proxy to hold back.
    expect(first.headers['content-length']).toMatch(/^[1-9]\d*$/);
    const again = await request(app).get('/').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const changed = await request(app).get('/').set('If-None-Match', '"outra-versao"');
    expect(changed.status).toBe(200);
  });

  it('give each content coding its own ETag, so one is never validated by another', async () => {
    const { app } = createTestApp({ stamps: stampsAt(Date.now()) });
    const [plain, br, gz] = await Promise.all([
      getAsSent(app, '/', {}),
      getAsSent(app, '/', { 'Accept-Encoding': 'br' }),
      getAsSent(app, '/', { 'Accept-Encoding': 'gzip' }),
    ]);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const brotliTagForGzip = await getAsSent(app, '/', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': br.headers.etag!,
    });
    expect(brotliTagForGzip.status).toBe(200);
    expect(gunzipSync(brotliTagForGzip.body).toString()).toBe(plain.body.toString());
    const own = await getAsSent(app, '/', { 'Accept-Encoding': 'gzip', 'If-None-Match': gz.headers.etag! });
    expect(own.status).toBe(304);
  });

  it('answers the 404 page in full even to a matching If-None-Match', async () => {
    const { app } = createTestApp();
    const first = await request(app).get('/nada');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await request(app).get('/outra-coisa').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(404);
    expect(again.text).toContain('Oops! Page not found');
  });
});

describe('the outcomes of the form without JavaScript', () => {
  const form = 'name=Ana&email=ana%40empresa.com.br&message=Ol%C3%A1';

  it('keep the confirmation, the same for every visitor, as the landing page is kept', async () => {
    const { app } = createTestApp({ stamps: stampsAt(Date.now()) });
    vi.mocked(renderDocument).mockClear();
    const replies = await Promise.all(Array.from({ length: 5 }, () => request(app).get('/?contato=enviado&x=1')));
    const landing = await request(app).get('/');
    // The landing page and the confirmation, each once.
    expect(vi.mocked(renderDocument)).toHaveBeenCalledTimes(2);
    expect(new Set(replies.map((reply) => reply.text)).size).toBe(1);
    expect(replies[0]!.text).not.toBe(landing.text);
    expect(replies[0]!.headers['cache-control']).toBe('no-cache');
    const again = await request(app).get('/?contato=enviado').set('If-None-Match', replies[0]!.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('keep the page of a refusal that shows no values, one per message, whatever the number of refusals', async () => {
    const { app } = createTestApp();
    vi.mocked(renderDocument).mockClear();
    const refusals = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(app).post('/api/contacts').set('Sec-Fetch-Site', 'cross-site').type('form').send(form),
      ),
    );
    expect(refusals.map((refusal) => refusal.status)).toEqual(Array(5).fill(403));
    expect(vi.mocked(renderDocument)).toHaveBeenCalledTimes(1);
  });

  it('render the rate limit’s page per request, with the visitor’s own values, sent no-store', async () => {
    const { app } = createTestApp({ rateLimits: { perMinute: 1, perHour: 0 } });
    await request(app).post('/api/contacts').type('form').send(form);
    vi.mocked(renderDocument).mockClear();
    const refusals = await Promise.all(
      ['Ana', 'Bia'].map((name) => request(app).post('/api/contacts').type('form').send(form.replace('Ana', name))),
    );
    expect(refusals.map((refusal) => refusal.status)).toEqual([429, 429]);
    expect(vi.mocked(renderDocument)).toHaveBeenCalledTimes(2);
    expect(refusals[1]!.headers['cache-control']).toBe('no-store');
  });

  it('render the errors beside the visitor’s own values per request, sent no-store', async () => {
    const { app } = createTestApp();
    vi.mocked(renderDocument).mockClear();
    const first = await request(app).post('/api/contacts').type('form').send('name=Ana&email=x');
    const second = await request(app).post('/api/contacts').type('form').send('name=Bia&email=y');
    expect(vi.mocked(renderDocument)).toHaveBeenCalledTimes(2);
    expect(first.text).toContain('value="Ana"');
    expect(second.text).toContain('value="Bia"');
    expect(second.headers['cache-control']).toBe('no-store');
  });
});

describe('API replies', () => {
  it('are compressed as they go when the client accepts it', async () => {
    const { app } = createTestApp();
    const gz = await getAsSent(app, '/api/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).openapi).toMatch(/^3\.1/);
  });
});

describe('hashed assets', () => {
  it('are served precompressed by Accept-Encoding with a one-year immutable cache', async () => {
    const assetsDir = mkdtempSync(path.join(tmpdir(), 'assets-'));
    writeFileSync(path.join(assetsDir, 'entry-ABC.js'), 'console.log("identity")');
    writeFileSync(path.join(assetsDir, 'entry-ABC.js.br'), brotliCompressSync('console.log("br")'));
    writeFileSync(path.join(assetsDir, 'entry-ABC.js.gz'), gzipSync('console.log("gz")'));
    const publicDir = mkdtempSync(path.join(tmpdir(), 'public-'));
    mkdirSync(path.join(publicDir, 'images'));
    const { app } = createTestApp({ assetsDir, publicDir });

    const br = await getAsSent(app, '/assets/entry-ABC.js', { 'Accept-Encoding': 'gzip, br' });
    const gz = await getAsSent(app, '/assets/entry-ABC.js', { 'Accept-Encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log("br")');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe('console.log("gz")');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
  });
});

describe('public files', () => {
  it('are served from the root with a day of cache', async () => {
    const publicDir = mkdtempSync(path.join(tmpdir(), 'public-'));
    mkdirSync(path.join(publicDir, 'images'));
    writeFileSync(path.join(publicDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const { app } = createTestApp({ publicDir });
    const icon = await request(app).get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect((await request(app).get('/favicon-nope.svg')).status).toBe(404);
  });
});
