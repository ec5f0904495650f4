import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { listening, openConnection, rawRequest } from '../../test/support/raw-http';

// Property-based, over real sockets: request lines and bodies no browser sends never get a 5xx,
// a library's page or the landing page for another path, and an oversized body is never read.

/** Pieces of a hostile path; printable ASCII only, as Node's HTTP parser takes nothing else. */
const pathPiece = fc.oneof(
  fc.constantFrom('/', '//', '\\', '.', '..', '%', '%2', '%25', '%2F', '%5C', '%C3%A9', '%ED%A0%80', '%FF', '%zz'),
  fc.constantFrom('[', ']', ':', '@', ';', '=', '&', '?', '#', '*', '~', '+', '{', '|', '"', '<', 'contato=enviado'),
  fc.constantFrom('api', 'assets', 'images', 'health', 'favicon.svg'),
  fc.stringMatching(/^[\w.-]{1,8}$/),
);
const path = fc.array(pathPiece, { maxLength: 8 }).map((pieces) => pieces.join(''));
const target = fc.oneof(
  fc.tuple(fc.constantFrom('/', '//', '///', '/\\'), path).map(([start, rest]) => `${start}${rest}`),
  // Absolute-form, with authorities that parse and some that do not.
  fc
    .tuple(
      fc.constantFrom('http://', 'https://', 'HTTP://', 'ftp://'),
      fc.constantFrom('x', 'localhost:3000', '[', '[::1]', 'x:99999', 'a@b', '%zz', ''),
      // Nothing after the authority, or a path or query: a piece right after it would be part of it.
      fc.oneof(
        fc.constant(''),
        fc.tuple(fc.constantFrom('/', '?'), path).map(([start, rest]) => `${start}${rest}`),
      ),
    )
    .map((parts) => parts.join('')),
  fc.constant('*'),
);

/** The path the app routes a target by, as sent; undefined when it names none (400). */
function pathOf(sent: string) {
  if (sent.includes('#')) return undefined;
  if (sent.startsWith('/')) return sent.split('?')[0];
  const authority = /^https?:\/\/[^/?#]*/i.exec(sent)?.[0];
  if (authority === undefined || !URL.canParse(sent)) return undefined;
  return `/${sent.slice(authority.length).replace(/^\//, '')}`.split('?')[0];
}

// Each property makes up to a few hundred real requests: the timeout is a budget that holds on a
// shared, loaded machine, not a check of speed (the benchmarks measure that).
describe('any request target', { timeout: 30_000 }, () => {
  it('gets the app’s own reply with its headers: never a 5xx, a library’s page, or the landing page elsewhere', async () => {
    const { app, logs } = createTestApp();
    const port = await listening(app);
    await fc.assert(
      fc.asyncProperty(target, fc.constantFrom('GET', 'HEAD', 'POST'), async (sent, method) => {
        const reply = await rawRequest(
          port,
          `${method} ${sent} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        );
        expect(reply.status).toBeGreaterThanOrEqual(200);
        expect(reply.status).toBeLessThan(500);
        expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
        expect(reply.headers['x-request-id']).toBeDefined();
        expect(reply.body).not.toMatch(/Cannot (GET|HEAD|POST)|URI malformed|<pre>/);
        if (reply.body.includes('id="contact"')) expect(pathOf(sent)).toBe('/');
      }),
      { numRuns: 300 },
    );
    expect(logs.filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([]);
  });
});

const bodyType = fc.constantFrom(
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
);
const anyPath = fc.constantFrom('/api/contacts', '/api/quotes', '/', '/api/nada', '/x');

describe('a body over 16 KB', { timeout: 30_000 }, () => {
  it('is refused with 413 from its declared length alone, and the connection closes', async () => {
    const { app, repository } = createTestApp();
    const port = await listening(app);
    await fc.assert(
      fc.asyncProperty(
        anyPath,
        bodyType,
        fc.integer({ min: 16 * 1024 + 1, max: 2 ** 40 }),
        async (path, type, length) => {
          // Only the head is sent: a server that waited for the body would never answer.
          const reply = await rawRequest(
            port,
            `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`,
          );
          expect(reply.status).toBe(413);
          expect(reply.headers.connection).toBe('close');
        },
      ),
      { numRuns: 60 },
    );
    expect((await repository.contacts.listContacts(1, 1)).total).toBe(0);
  });

  it('sent in chunks without end is cut off at the limit with 413, whatever the chunks', async () => {
    const { app, repository } = createTestApp();
    const port = await listening(app);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/contacts', '/api/quotes'),
        bodyType,
        fc.array(fc.integer({ min: 1, max: 8 * 1024 }), { minLength: 1, maxLength: 8 }),
        async (path, type, sizes) => {
          const connection = openConnection(port);
          await connection.write(
            `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`,
          );
          // The sizes cycle until the server answers or 256 KB went out; the final chunk never does.
          for (let i = 0, sent = 0; sent < 256 * 1024 && !/^HTTP\/1\.1 /.test(connection.received()); i++) {
            const size = sizes[i % sizes.length]!;
            await connection.write(`${size.toString(16)}\r\n${'a'.repeat(size)}\r\n`);
            sent += size;
          }
          const reply = await connection.reply();
          expect(reply.status).toBe(413);
          expect(reply.headers.connection).toBe('close');
        },
      ),
      { numRuns: 30 },
    );
    expect((await repository.contacts.listContacts(1, 1)).total).toBe(0);
  });
});
