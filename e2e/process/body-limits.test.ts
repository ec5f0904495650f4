import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection } from '../../test/support/raw-http';
import { type RunningServer, startServer } from '../../test/support/server-process';
import { eventually } from '../../test/support/wait';

// The built server as a process: the 'checkContinue' listener lives in server/process/lifecycle.ts.

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_HOUR: '0',
    RATE_LIMIT_REFUSED_PER_MINUTE: '0',
    RATE_LIMIT_REFUSED_PER_HOUR: '0',
  });
}, 30_000);
afterAll(() => server.stop());

const port = () => Number(new URL(server.url).port);
const GIGABYTE = 1024 ** 3;
const lead = JSON.stringify({ name: 'Ana', email: 'ana@empresa.com.br', message: 'Frete para Belém' });

const head = (headers: string[]) =>
  ['POST /api/contacts HTTP/1.1', 'Host: localhost', 'Content-Type: application/json', ...headers, '', ''].join('\r\n');

describe('a body declared longer than the limit', () => {
  it('gets 413 at once, before a byte of it is sent, and the connection closes', async () => {
    const connection = openConnection(port());
    await connection.write(head([`Content-Length: ${GIGABYTE}`]));

    const reply = await connection.reply();
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe('close');
    expect(JSON.parse(reply.body)).toEqual({
      success: false,
      code: expect.any(String),
      message: 'O conteúdo enviado excede o limite de 16 KB.',
    });
  });

  it('with Expect: 100-continue hears 413 and never 100 Continue, whatever the path, type and length', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/contacts', '/api/quotes', '/', '/x'),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
        fc.integer({ min: 16 * 1024 + 1, max: 2 ** 40 }),
        async (path, type, length) => {
          const connection = openConnection(port());
          await connection.write(
            `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`,
          );
          const reply = await connection.reply();
          expect(reply.statusLines).toEqual(['HTTP/1.1 413 Payload Too Large']);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('a body on a method that takes none, with Expect: 100-continue', () => {
  it('hears 413 and never 100 Continue, whatever the path and the length', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'HEAD', 'DELETE', 'OPTIONS'),
        fc.constantFrom('/', '/health', '/favicon.svg', '/api/contacts', '/api/nope'),
        fc.integer({ min: 1, max: 2 ** 40 }),
        async (method, path, length) => {
          const connection = openConnection(port());
          await connection.write(
            `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`,
          );
          const reply = await connection.reply();
          expect(reply.statusLines).toEqual(['HTTP/1.1 413 Payload Too Large']);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('a body within the limit with Expect: 100-continue', () => {
  it('hears 100 Continue, then the reply to the body it sends', async () => {
    const connection = openConnection(port());
    await connection.write(
      head([`Content-Length: ${Buffer.byteLength(lead)}`, 'Expect: 100-continue', 'Connection: close']),
    );
    await eventually(() => expect(connection.received()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/));

    await connection.write(lead);
    const reply = await connection.reply();
    expect(reply.statusLines).toEqual(['HTTP/1.1 100 Continue', 'HTTP/1.1 201 Created']);
  });
});

describe('a chunked body that runs past the limit', () => {
  it('is read up to the limit, answered 413 and cut off, however long the client goes on', async () => {
    const connection = openConnection(port());
    await connection.write(head(['Transfer-Encoding: chunked']));
    const chunk = `1000\r\n${'x'.repeat(0x1000)}\r\n`;
    let sent = 0;
    // Never the final chunk: a server waiting for the end of the body would wait forever.
    for (let i = 0; i < 256 && !connection.isClosed(); i++) {
      await connection.write(chunk);
      sent += 0x1000;
      if (/^HTTP\/1\.1 413 /.test(connection.received())) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }

    const reply = await connection.reply();
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe('close');
    // 16 KB was enough to decide; what the client sent beyond it went unread.
    expect(sent).toBeLessThan(256 * 0x1000);
  });
});
