import type { IncomingHttpHeaders } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';

// GET / as most visitors send it is answered ahead of the steps that set the other answers' headers
// (kept-landing.ts). Whichever way "/" is answered, a browser must get the same headers.

/** Headers that differ per response by design. */
const perResponse = ({ date: _date, 'x-request-id': id, ...rest }: IncomingHttpHeaders) => {
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
};

describe('the kept landing page', () => {
  it('is sent with the same headers as every other way of answering "/"', async () => {
    const { app } = createTestApp({ publicUrl: new URL('https://www.exemplo.com.br'), trustProxy: 1 });
    const get = (path: string, headers: Record<string, string> = {}) =>
      request(app)
        .get(path)
        .set({ 'X-Forwarded-Proto': 'https', 'Accept-Encoding': 'br', ...headers });
    // The first request renders the page: until then "/" takes the usual route.
    const first = await get('/');
    const kept = await get('/');
    expect(kept.status).toBe(200);
    expect(kept.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(kept.headers['content-security-policy']).toContain("default-src 'self'");
    const usual = [
      first,
      // A query, a validator that does not match: the usual route.
      await get('/?utm_source=whatsapp'),
      await get('/', { 'If-None-Match': '"outra"' }),
    ];
    for (const other of usual) {
      expect(other.status).toBe(200);
      expect(perResponse(kept.headers)).toEqual(perResponse(other.headers));
    }
    expect(kept.body).toEqual(first.body);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const { app } = createTestApp();
    const get = await request(app).get('/').set('Accept-Encoding', 'br');
    const head = await request(app).head('/').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    expect(head.text).toBeUndefined();
    expect(perResponse(head.headers)).toEqual(perResponse(get.headers));
  });

  it('still answers a matching validator with 304', async () => {
    const { app } = createTestApp();
    const { headers } = await request(app).get('/');
    const again = await request(app).get('/').set('If-None-Match', String(headers.etag));
    expect(again.status).toBe(304);
    expect(again.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
