import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../test/support/raw-http';
import { type RunningServer, startServer } from '../../test/support/server-process';

// The requests Node would answer itself, bare, unless the process hands them to the site
// (server/process/lifecycle.ts): an HTTP/1.1 request without Host (RFC 9112 §3.2), and an
// expectation other than 100-continue (RFC 9110 §10.1.1). Each gets the site's headers.

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 30_000);
afterAll(() => server.stop());

const port = () => Number(new URL(server.url).port);

describe('the built server', () => {
  it('answers a request without Host with 400, the site’s headers and a Portuguese page', async () => {
    const reply = await rawRequest(port(), 'GET / HTTP/1.1\r\n\r\n', 15_000);

    expect(reply.status).toBe(400);
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).toContain('Não foi possível entender o endereço pedido');
  });

  it('serves a request with an expectation it does not know as if it had none, with the site’s headers', async () => {
    const reply = await rawRequest(
      port(),
      'GET /health HTTP/1.1\r\nHost: localhost\r\nExpect: carinho\r\nConnection: close\r\n\r\n',
      15_000,
    );

    expect(reply.status).toBe(200);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });
});
