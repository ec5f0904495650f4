// @vitest-environment jsdom
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CONTACT_FORM_ID, STAMP_FIELD } from '../../shared/contact-form';
import { createTestApp, stampsAt } from '../../test/support/app';
import { getAsSent, listening } from '../../test/support/raw-http';
import { needs } from '../../test/support/tools';

// The contact form's render stamp (issue 35) in the pages that have the form: fresh per request,
// though the pages are compressed once (docs/decisions/037-render-stamp.md).

/** The page as a browser's parser reads it (jsdom's, as this file's environment). */
const parsed = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** The value of the page's stamp field, as the form would post it. */
function stampOf(html: string) {
  const form = parsed(html).getElementById(CONTACT_FORM_ID) as HTMLFormElement;
  return new FormData(form).get(STAMP_FIELD);
}

/** Longer than one signed end serves (server/pages/form-stamp.ts). */
const moment = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('a page with the contact form', () => {
  it('carries a stamp of its own request, which checks as ok', async () => {
    const { app, stamps } = createTestApp();
    const first = await request(app).get('/');
    await moment();
    const second = await request(app).get('/');
    const [one, two] = [stampOf(first.text), stampOf(second.text)];
    expect(one).not.toBe(two);
    for (const stamp of [one, two]) {
      expect(stamps.check(stamp)).toMatchObject({ kind: 'ok' });
      expect((stamps.check(stamp) as { elapsedMs: number }).elapsedMs).toBeLessThan(60_000);
    }
  });

  it('has the stamp in the form’s elements, written as the last element of the body', async () => {
    const { app } = createTestApp();
    const { text } = await request(app).get('/');
    const document = parsed(text);
    const field = (document.getElementById(CONTACT_FORM_ID) as HTMLFormElement).elements.namedItem(STAMP_FIELD);
    expect(field).toBe(document.body.lastElementChild);
    expect((field as HTMLInputElement).type).toBe('hidden');
  });

  it.each([
    ['the landing page', '/'],
    ['the confirmation', '/?contato=enviado'],
  ])('decodes, as brotli and as gzip, to exactly its identity body: %s', async (_page, path) => {
    const { app } = createTestApp({ stamps: stampsAt(Date.now()) });
    const identity = await getAsSent(app, path, {});
    const br = await getAsSent(app, path, { 'Accept-Encoding': 'br' });
    const gzip = await getAsSent(app, path, { 'Accept-Encoding': 'gzip' });
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
  });

  it('decodes with curl, as brotli and as gzip, to exactly its identity body', needs('curl'), async () => {
    const { app } = createTestApp({ stamps: stampsAt(Date.now()) });
    const url = `http://127.0.0.1:${await listening(app)}/`;
    const curl = async (...args: string[]) => (await promisify(execFile)('curl', ['-sS', ...args, url])).stdout;
    const identity = await curl();
    // After the decoded body, the coding the reply came in.
    const decoded = (coding: string) =>
      curl('--compressed', '-H', `Accept-Encoding: ${coding}`, '-w', '%header{content-encoding}');
    expect(await decoded('br')).toBe(`${identity}br`);
    expect(await decoded('gzip')).toBe(`${identity}gzip`);
    expect(identity).toContain(`name=${STAMP_FIELD} `);
  });

  it('answers 304 to its weak ETag, per coding, though the stamp moved on', async () => {
    const { app } = createTestApp();
    const first = await getAsSent(app, '/', { 'Accept-Encoding': 'br' });
    expect(first.headers.etag).toMatch(/^W\/"/);
    await moment();
    expect((await getAsSent(app, '/', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag! })).status).toBe(
      304,
    );
    const gzip = await getAsSent(app, '/', { 'Accept-Encoding': 'gzip', 'If-None-Match': first.headers.etag! });
    expect(gzip.status).toBe(200);
  });

  it('answers HEAD with the length a GET’s body has, and no body', async () => {
    const { app } = createTestApp();
    const get = await request(app).get('/').set('Accept-Encoding', 'br').buffer(true);
    const head = await request(app).head('/').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.text ?? '').toBe('');
  });

  it('shows the errors beside the visitor’s values with a fresh stamp too', async () => {
    const { app, stamps } = createTestApp();
    const res = await request(app).post('/api/contacts').type('form').send('name=Ana&email=x');
    expect(res.text).toContain('value="Ana"');
    expect(stamps.check(stampOf(res.text))).toMatchObject({ kind: 'ok' });
  });
});

describe.each([
  ['the 404 page', '/nada'],
  ['the privacy notice', '/privacidade'],
])('%s, which has no form', (_page, path) => {
  it('has no stamp, and the strong ETag of one page for everyone', async () => {
    const { app } = createTestApp();
    const res = await request(app).get(path);
    expect(res.text).not.toMatch(new RegExp(`name="?${STAMP_FIELD}`));
    expect(res.text.endsWith('</body></html>')).toBe(true);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });
});
