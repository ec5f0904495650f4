import { METHODS } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { listening, rawRequest } from '../../test/support/raw-http';

// Each path answers the methods it implements (RFC 9110 §9, §15.5.6): any other gets 405 with
// Allow, OPTIONS gets Allow alone, and no reply grants CORS.

const QUOTE = '/api/quotes/7c9e6679-7425-40de-944b-e07fc1f8b1a5';
const CONTACT = '/api/contacts/7c9e6679-7425-40de-944b-e07fc1f8b1a5';
const GET = 'GET, HEAD, OPTIONS';
/** Every path the site answers, with the Allow it answers with. */
const PATHS: Record<string, string> = {
  '/': GET,
  '/?contato=enviado': GET,
  '/health': GET,
  '/health/ready': GET,
  '/metrics': GET,
  '/favicon.svg': GET,
  '/images/hero-rota.svg': GET,
  '/assets/entry.js': GET,
  '/robots.txt': GET,
  '/sitemap.xml': GET,
  '/manifest.webmanifest': GET,
  '/api/openapi.json': GET,
  '/api/contacts': 'GET, HEAD, POST, OPTIONS',
  '/api/quotes': 'GET, HEAD, POST, OPTIONS',
  // A CRM changes a lead's status, owner and notes (docs/requirements.md §6.2).
  [QUOTE]: 'GET, HEAD, PATCH, OPTIONS',
  [CONTACT]: 'PATCH, OPTIONS',
  '/api/contacts.csv': GET,
  '/api/quotes.csv': GET,
  '/api/subjects?email=ana@empresa.com.br': 'GET, HEAD, DELETE, OPTIONS',
};

/** A request with no body, written by hand: any method Node's parser takes. */
async function send(method: string, target: string, headers: string[] = []) {
  const { app } = createTestApp();
  const port = await listening(app);
  const head = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...headers, '', ''];
  return rawRequest(port, head.join('\r\n'));
}

const corsHeaders = (headers: Record<string, string>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('a method the path does not implement', () => {
  it.each(['TRACE', 'PATCH', 'PUT', 'DELETE', 'POST'])(
    '%s / gets 405 with Allow, not the landing page',
    async (method) => {
      const reply = await send(method, '/');
      expect(reply.status).toBe(405);
      expect(reply.headers.allow).toBe(GET);
      expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(reply.body).toBe('Método não permitido neste endereço. Use: GET, HEAD, OPTIONS.');
    },
  );

  it.each(Object.entries(PATHS))('on %s gets 405 with Allow: %s (JSON under /api)', async (target, allow) => {
    const reply = await send(allow.includes('PATCH') ? 'PUT' : 'PATCH', target);
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe(allow);
    if (target.startsWith('/api/'))
      expect(JSON.parse(reply.body)).toEqual({
        success: false,
        code: expect.any(String),
        message: `Método não permitido neste endereço. Use: ${allow}.`,
      });
  });

  it('on a path that does not exist is a 404, whatever the method', async () => {
    expect((await send('TRACE', '/nada')).status).toBe(404);
    expect((await send('PUT', '/api/nada')).status).toBe(404);
    expect((await send('OPTIONS', '/api/nada')).status).toBe(404);
  });
});

describe('OPTIONS', () => {
  it.each(Object.entries(PATHS))('on %s answers 204 with Allow: %s and nothing else', async (target, allow) => {
    const reply = await send('OPTIONS', target);
    expect(reply.status).toBe(204);
    expect(reply.headers.allow).toBe(allow);
    expect(reply.body).toBe('');
    expect(corsHeaders(reply.headers)).toEqual([]);
  });

  it('grants no CORS to a preflight from another site', async () => {
    const reply = await send('OPTIONS', '/api/contacts', [
      'Origin: https://evil.example',
      'Access-Control-Request-Method: POST',
      'Access-Control-Request-Headers: content-type, idempotency-key',
    ]);
    expect(reply.status).toBe(204);
    expect(corsHeaders(reply.headers)).toEqual([]);
  });
});

describe('any method on any path the site answers', { timeout: 30_000 }, () => {
  it('gets what the path implements, or 405 with Allow; never CORS, and the landing page only for GET /', async () => {
    const { app } = createTestApp();
    const port = await listening(app);
    // CONNECT opens a tunnel, which Node hands to no request listener.
    const methods = METHODS.filter((method) => method !== 'CONNECT');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.constantFrom(...Object.keys(PATHS)), async (method, target) => {
        const reply = await rawRequest(
          port,
          `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
        );
        const allow = PATHS[target]!.split(', ');
        expect(reply.status).toBeLessThan(500);
        if (!allow.includes(method)) {
          expect(reply.status).toBe(405);
          expect(reply.headers.allow).toBe(PATHS[target]);
        }
        expect(corsHeaders(reply.headers)).toEqual([]);
        if (reply.body.includes('id="contact"')) expect([method, target.split('?')[0]]).toEqual(['GET', '/']);
      }),
      { numRuns: 300 },
    );
  });
});
