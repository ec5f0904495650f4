import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, testManifest } from '../../test/support/app';

const csp = (header: string) =>
  Object.fromEntries(
    header.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );

describe('security headers', () => {
  it.each(['/', '/nao/existe', '/api/nada', '/health'])('are strict on %s', async (path) => {
    const { app } = createTestApp();
    const res = await request(app).get(path);
    const policy = csp(String(res.headers['content-security-policy']));
    expect(policy).toEqual({
      'default-src': "'self'",
      'script-src': `'self' '${testManifest.scripts.landing.hash}' '${testManifest.scripts.notFound.hash}'`,
      'style-src': `'self' '${testManifest.css.hash}'`,
      'img-src': "'self' data:",
      'font-src': "'self'",
      'connect-src': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
      'object-src': "'none'",
    });
    // Plain HTTP and an http:// address: no HSTS (below).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin'); // decision 024
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-download-options']).toBeUndefined(); // IE8 only: its bytes went to COOP
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('asks browsers to upgrade insecure requests only when served over HTTPS', async () => {
    const plain = await request(createTestApp().app).get('/');
    const secure = await request(createTestApp({ publicUrl: new URL('https://www.exemplo.com.br') }).app).get('/');
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('send HSTS only over HTTPS, and only when PUBLIC_URL is https://', async () => {
    const hsts = async (publicUrl: string, proto: string, hstsPreload = false) =>
      (
        await request(createTestApp({ publicUrl: new URL(publicUrl), trustProxy: 1, hstsPreload }).app)
          .get('/')
          .set('X-Forwarded-Proto', proto)
      ).headers['strict-transport-security'];
    expect(await hsts('https://www.exemplo.com.br', 'https')).toBe('max-age=31536000; includeSubDomains');
    // Over plain HTTP browsers ignore it (RFC 6797 §8.1): the proxy's redirect comes first.
    expect(await hsts('https://www.exemplo.com.br', 'http')).toBeUndefined();
    // A site still on http:// has no TLS to pin browsers to, whatever a client claims.
    expect(await hsts('http://www.exemplo.com.br', 'https')).toBeUndefined();
    // The documented preload option: two years, subdomains, preload (hstspreload.org's terms).
    expect(await hsts('https://www.exemplo.com.br', 'https', true)).toBe(
      'max-age=63072000; includeSubDomains; preload',
    );
  });
});
