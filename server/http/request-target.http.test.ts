import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { listening, rawRequest } from '../../test/support/raw-http';

/** GET with the request line written by hand, as no browser or HTTP library would. */
async function rawGet(target: string) {
  const { app, logs } = createTestApp();
  const port = await listening(app);
  const reply = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  return { ...reply, logs };
}

const NOT_FOUND_PAGE = /<h1 class="not-found__code">404<\/h1>/;

describe('request targets no browser sends', () => {
  it.each(['//', '///', '//a:b', '//[', '//?contato=enviado', '///x', '/\\evil.example', '//evil.example/'])(
    'answer %s with the 404 page, never the landing page',
    async (target) => {
      const { status, headers, body } = await rawGet(target);
      expect(status).toBe(404);
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(body).toMatch(NOT_FOUND_PAGE);
      expect(headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it.each(['http://x:99999/', 'http://[', 'http://[/?q=1', 'ftp://x/', '*', '//#@[', '/#fragmento'])(
    'answer %s with the app’s own 400 page and every security header',
    async (target) => {
      const { status, headers, body } = await rawGet(target);
      expect(status).toBe(400);
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(body).toContain('<h1>Endereço inválido</h1>');
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-request-id']).toBeDefined();
    },
  );

  it.each(['/%', '/assets/%', '/images/%E0%A4%A', '/a%zz/b'])(
    'answer a path that does not percent-decode, %s, with the 400 page, not a library’s',
    async (target) => {
      const { status, body } = await rawGet(target);
      expect(status).toBe(400);
      expect(body).toContain('<h1>Endereço inválido</h1>');
    },
  );

  it('answers a malformed path under /api with JSON, as every API reply is', async () => {
    const { status, headers, body } = await rawGet('/api/quotes/%');
    expect(status).toBe(400);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(body)).toEqual({
      success: false,
      code: expect.any(String),
      message: expect.stringContaining('Endereço inválido'),
    });
  });

  it('serves an absolute-form target as its path, as a server must accept it', async () => {
    expect((await rawGet('http://www.exemplo.com.br/')).body).toContain('<form');
    expect((await rawGet('http://www.exemplo.com.br/rotas')).status).toBe(404);
  });

  it('logs a malformed target once, without its query, and with no error or stack', async () => {
    const { logs } = await rawGet('//?contato=enviado&email=fulana%40exemplo.com');
    const odd = await rawGet('http://x:99999/?token=segredo');
    for (const entries of [logs, odd.logs]) {
      expect(entries.filter((entry) => entry.level !== 'info')).toEqual([]);
      expect(JSON.stringify(entries)).not.toMatch(/fulana|segredo|stack/);
    }
    expect(logs.find((entry) => entry.msg === 'requisição atendida')).toMatchObject({ req: { path: '//' } });
    expect(odd.logs.find((entry) => entry.msg === 'requisição atendida')).toMatchObject({
      req: { path: 'http://x:99999/' },
      res: { status: 400 },
    });
  });

  it.each([['Host: a\r\nHost: b'], ['Host: localhost\r\nhost: localhost']])(
    'answer two Host headers (%s) with 400, as the RFC asks',
    async (hosts) => {
      const { app, logs } = createTestApp();
      const reply = await rawRequest(await listening(app), `GET / HTTP/1.1\r\n${hosts}\r\nConnection: close\r\n\r\n`);
      expect(reply.status).toBe(400);
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
      expect(logs.find((entry) => entry.msg === 'requisição atendida')).toMatchObject({ res: { status: 400 } });
    },
  );

  it('answers an HTTP/1.1 request without Host with its own 400 page, the site’s headers, and a close', async () => {
    const { app, logs } = createTestApp();
    // As server/process/lifecycle.ts creates the server: Node leaves the missing Host to the app.
    const port = await listening(app, { requireHostHeader: false });

    const reply = await rawRequest(port, 'GET / HTTP/1.1\r\n\r\n');

    expect(reply.status).toBe(400);
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers.connection).toBe('close');
    expect(reply.body).toContain('Endereço inválido');
    expect(logs.find((entry) => entry.msg === 'requisição atendida')).toMatchObject({ res: { status: 400 } });
  });

  it('serves an HTTP/1.0 request without Host, which that version does not require', async () => {
    const { app } = createTestApp();
    const port = await listening(app, { requireHostHeader: false });

    const reply = await rawRequest(port, 'GET /health HTTP/1.0\r\n\r\n');

    expect(reply.status).toBe(200);
  });
});
