// @vitest-environment jsdom
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { LEAD_FORM_ID, STAMP_FIELD } from '../../shared/contact-form';
import { createTestApp, stampsAt } from '../../test/support/app';
import { getAsSent, listening } from '../../test/support/raw-http';
import { needs } from '../../test/support/tools';
import { renderedAt } from '../pages/render-stamp';

// The contact form's render stamp (docs/requirements.md §10.9) in the pages that have the form: a page made whole
// with a stamp of the moment, compressed, and shared for at most a second
// (docs/decisions/040-plain-landing.md).

/** The page as a browser's parser reads it (jsdom's, as this file's environment). */
const parsed = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** The value of the page's stamp field, as the form would post it. */
function stampOf(html: string) {
  const form = parsed(html).getElementById(LEAD_FORM_ID) as HTMLFormElement;
  return String(new FormData(form).get(STAMP_FIELD));
}

/** A clock the test moves by hand (Date only: the sockets' timers run as usual), back to normal after. */
function handClock() {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00.000Z') });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return (ms: number) => vi.setSystemTime(Date.now() + ms);
}

describe('a page with the contact form', () => {
  it('carries a signed stamp, which checks as ok', async () => {
    const { app, stamps } = createTestApp();
    const { text } = await request(app).get('/');
    expect(stamps.check(stampOf(text))).toMatchObject({ kind: 'ok' });
  });

  it('carries a stamp never more than a second older than its request, however the requests come', async () => {
    const advance = handClock();
    const { app } = createTestApp();
    // Within a second, then across the moment the next page is begun, the second's end, and long gaps.
    for (const step of [0, 300, 400, 150, 99, 1, 1, 500, 700, 60_000, 999, 1, 2_500]) {
      advance(step);
      const stamp = stampOf((await request(app).get('/')).text);
      const age = Date.now() - renderedAt(stamp);
      expect(age, `${step} ms later`).toBeGreaterThanOrEqual(0);
      expect(age, `${step} ms later`).toBeLessThan(1000);
    }
  });

  it('has the stamp in the form’s elements, written as the last element of the body', async () => {
    const { app } = createTestApp();
    const { text } = await request(app).get('/');
    const document = parsed(text);
    const field = (document.getElementById(LEAD_FORM_ID) as HTMLFormElement).elements.namedItem(STAMP_FIELD);
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

  it('answers 304 to the ETag of the bytes it is sending, and the whole page once they are a second old', async () => {
    const advance = handClock();
    const { app } = createTestApp();
    const first = await getAsSent(app, '/', { 'Accept-Encoding': 'br' });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    advance(500);
    const same = await getAsSent(app, '/', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag! });
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
    expect(same.headers['content-security-policy']).toContain("default-src 'self'");
    // Never the brotli bytes' validator for gzip ones.
    const gzip = await getAsSent(app, '/', { 'Accept-Encoding': 'gzip', 'If-None-Match': first.headers.etag! });
    expect(gzip.status).toBe(200);
    advance(600);
    // A second on, the browser's copy has an older stamp than the page now sent: it gets the page.
    const later = await getAsSent(app, '/', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag! });
    expect(later.status).toBe(200);
    expect(later.headers.etag).not.toBe(first.headers.etag);
    expect(stampOf(brotliDecompressSync(later.body).toString())).not.toBe(
      stampOf(brotliDecompressSync(first.body).toString()),
    );
  });

  it('answers HEAD with the headers a GET gets, its length included, and no body', async () => {
    handClock();
    const { app } = createTestApp();
    const get = await request(app).get('/').set('Accept-Encoding', 'br').buffer(true);
    const head = await request(app).head('/').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    const perResponse = ({ date: _date, 'x-request-id': _id, ...rest }: Record<string, string>) => rest;
    expect(perResponse(head.headers)).toEqual(perResponse(get.headers));
    expect(head.headers['content-length']).toMatch(/^[1-9]\d*$/);
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
