import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { navLinks, notFound } from '../../shared/content';
import { createTestApp, testManifest } from '../../test/support/app';
import { inlinedCode } from './assets';

const sectionOrder = [
  ...['home', 'achievements', 'about', 'services', 'fleet', 'technology'],
  ...['areas', 'certifications', 'careers', 'contact'],
];

describe('GET /', () => {
  it('answers 200 with the whole Portuguese document', async () => {
    const { app } = createTestApp();
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
    // Whole: it ends with the form's render stamp, where HTML lets the end tags go (server/pages/form-stamp.ts).
    expect(res.text).toMatch(/<\/script><input type=hidden [^>]+>$/);
  });

  it('renders every section of the spec, in order', async () => {
    const { app } = createTestApp();
    const { text } = await request(app).get('/');
    const ids = [...text.matchAll(/<section[^>]*\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(sectionOrder);
  });

  it('renders the menu links and the contact form on the server', async () => {
    const { app } = createTestApp();
    const { text } = await request(app).get('/');
    for (const link of navLinks) expect(text).toContain(`href="${link.href}"`);
    expect(text).toMatch(/<form[^>]*action="\/api\/contacts"/);
    for (const field of ['name', 'email', 'phone', 'company', 'message']) expect(text).toContain(`name="${field}"`);
  });

  it('leads to the tracking page from the contact bar and the Rastreamento card, and it answers', async () => {
    const { app } = createTestApp();
    const { text } = await request(app).get('/');
    // docs/requirements.md §12.9: two plain links, no script of their own.
    const topbar = text.slice(text.indexOf('class="topbar"'), text.indexOf('site-header__bar'));
    expect(topbar).toContain('href="/rastreio"');
    const technology = text.slice(text.indexOf('id="technology"'), text.indexOf('id="areas"'));
    expect(technology).toMatch(/<a class="card__link" href="\/rastreio">Rastrear uma carga<\/a>/);
    expect((await request(app).get('/rastreio')).status).toBe(200);
  });

  it('points the contact island at its own stylesheet, fetched only when it wakes', async () => {
    const { app } = createTestApp();
    const { text } = await request(app).get('/');
    expect(text).toMatch(
      /<div data-island="contact" data-hydrate="visible" data-stylesheet="\/assets\/toasts-TEST.css">/,
    );
    expect(text).not.toContain('<link rel="stylesheet"');
  });

  it('inlines the stylesheet, and the client script at the end of the body, from the manifest', async () => {
    const { app } = createTestApp();
    const { text } = await request(app).get('/');
    expect(text).toContain(`<style>${testManifest.css.text}</style>`);
    // After the script, only the form's render stamp; the end tags are left out (server/pages/form-stamp.ts).
    expect(text).toMatch(new RegExp(`>${testManifest.scripts.landing.text}</script><input [^>]+>$`));
    expect(text).not.toMatch(/<script[^>]*\ssrc=|rel="modulepreload"/);
  });

  it('names no chunk for the browser to fetch ahead: its script imports them at the first sign of intent', async () => {
    const { app } = createTestApp();
    const { text } = await request(app).get('/');
    expect(text).toContain('<body>');
    for (const chunk of testManifest.chunks.landing) expect(text).not.toContain(chunk);
  });

  it.each(['/', '/nada'])('ships only inline scripts and styles the CSP allows by their hashes on %s', async (path) => {
    const { app } = createTestApp();
    const res = await request(app).get(path);
    const allowed = String(res.headers['content-security-policy']);
    const inline = (tag: string) => [
      ...res.text.matchAll(new RegExp(`<${tag}(?![^>]*\\stype="application/ld\\+json")[^>]*>(.*?)</${tag}>`, 'gs')),
    ];
    const scripts = inline('script');
    expect(scripts).toHaveLength(1);
    for (const [, code] of [...scripts, ...inline('style')]) expect(allowed).toContain(`'${inlinedCode(code!).hash}'`);
    expect(res.text).not.toMatch(/\sstyle="/);
  });

  it('answers HEAD with the same status and no body', async () => {
    const { app } = createTestApp();
    const res = await request(app).head('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBeUndefined();
  });
});

describe('an unknown path', () => {
  it('answers 404 with the not-found page and a link home', async () => {
    const { app } = createTestApp();
    const res = await request(app).get('/fretes/antigos?x=1');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('>404<');
    expect(res.text).toContain(notFound.heading);
    expect(res.text).toMatch(/<a[^>]*href="\/"/);
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(res.text).toContain(`>${testManifest.scripts.notFound.text}</script></body>`);
    // Its script loads nothing more, so there is nothing to fetch ahead.
    expect(res.text).toContain('<body>');
  });

  it('logs one line, its access line, with the method, the missing path and 404', async () => {
    const { app, logs } = createTestApp();
    await request(app).get('/fretes/antigos');
    expect(logs).toEqual([
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', path: '/fretes/antigos' }),
        res: { status: 404 },
      }),
    ]);
  });

  it('answers HEAD with 404 too', async () => {
    const { app } = createTestApp();
    const res = await request(app).head('/nada');
    expect(res.status).toBe(404);
  });
});

describe('non-page paths', () => {
  it('answers an unknown API path with JSON 404', async () => {
    const { app } = createTestApp();
    const res = await request(app).get('/api/x');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      success: false,
      code: expect.any(String),
      message: expect.stringMatching(/não encontrado/),
    });
  });

  it('answers a missing asset, or a folder of them, with a plain 404, not the HTML page nor a redirect', async () => {
    const { app } = createTestApp();
    for (const path of ['/assets/entry-NOPE.js', '/images/nope.svg', '/images', '/assets', '/images/']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).not.toContain('<html');
    }
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const dir = mkdtempSync('/tmp/assets-');
    writeFileSync(`${dir}/entry-ABC.js`, 'console.log(1)');
    const { app } = createTestApp({ assetsDir: dir });
    const res = await request(app).get('/assets/entry-ABC.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers /health with 200 {"status":"ok"}', async () => {
    const { app } = createTestApp();
    const res = await request(app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('images on /', () => {
  it('all have a size, a text alternative or a decorative mark, and load lazily below the hero', async () => {
    const { app } = createTestApp();
    const { text } = await request(app).get('/');
    const images = [...text.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
    expect(images.length).toBeGreaterThan(1);
    for (const image of images) {
      expect(image, image).toMatch(/\swidth="\d+"/);
      expect(image, image).toMatch(/\sheight="\d+"/);
      expect(image, image).toMatch(/\salt="/);
    }
    const [hero, ...below] = images;
    expect(hero).not.toContain('loading="lazy"');
    for (const image of below) expect(image, image).toContain('loading="lazy"');
  });
});
