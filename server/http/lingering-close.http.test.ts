import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestApp, tempDir } from '../../test/support/app';
import { serving } from '../../test/support/raw-http';
import { needs } from '../../test/support/tools';

// A refusal sent while the body is still arriving (docs/requirements.md §10.12) reaches every kind
// of client: the server reads and discards the rest for a while instead of resetting the connection.

const DECLARED = 1024 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');
/** How much each client sends at most: far past the limit, bounded so a failing test ends. */
const SENT_MAX = 256 * 1024 * 1024;
/** What the raw socket sends: within what the server reads and throws away, past what it takes in one go. */
const RAW_BODY = 32 * 1024 * 1024;
const REFUSED = 'O conteúdo enviado excede o limite de 16 KB.';

const site = async () => (await serving(createTestApp().app)).port;

describe('a post refused while its body is still arriving', () => {
  it('gets its 413 on a raw socket that writes its whole body as fast as it can before reading', async () => {
    const port = await site();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await once(socket, 'connect');
    // Not reading while it writes, as a simple client does: the reply waits in the kernel's buffer.
    socket.pause();
    socket.write(`POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n`);
    socket.write(`Content-Length: ${RAW_BODY}\r\n\r\n`);
    for (let sent = 0; sent < RAW_BODY && socket.writable; sent += CHUNK.length)
      await new Promise<void>((resolve) => socket.write(CHUNK, () => resolve()));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk)).resume();
    await once(socket, 'close');
    expect(Buffer.concat(chunks).toString()).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('gets its 413 in curl, sending a file too long with no Expect', needs('curl'), async () => {
    const port = await site();
    const file = path.join(tempDir(), 'grande.json');
    writeFileSync(file, Buffer.alloc(16 * 1024 * 1024, 'x'));
    const { stdout } = await promisify(execFile)('curl', [
      ...['-sS', '-X', 'POST', '-H', 'Expect:', '-H', 'Content-Type: application/json'],
      ...['-T', file, '-w', '\n%{http_code}', `http://127.0.0.1:${port}/api/contacts`],
    ]);
    const [body, status] = stdout.split('\n');
    expect(status).toBe('413');
    expect(JSON.parse(body!)).toMatchObject({ success: false, message: REFUSED });
  });

  it("gets its 413 in Node's http client, which goes on writing a declared gigabyte", async () => {
    const port = await site();
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/contacts',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(DECLARED) },
    });
    let answered = false;
    const response = once(req, 'response');
    req.on('response', () => (answered = true));
    req.on('error', () => {});
    for (let sent = 0; sent < SENT_MAX && !answered && !req.destroyed; sent += CHUNK.length)
      await new Promise<void>((resolve) => req.write(CHUNK, () => resolve()));
    const [res] = (await response) as [IncomingMessage];
    let body = '';
    for await (const chunk of res) body += chunk;
    req.destroy();
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ success: false, message: REFUSED });
  });

  it('gets its 413 in undici (Node’s fetch), streaming a body without end', async () => {
    const port = await site();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += CHUNK.length;
        if (sent > SENT_MAX) controller.close();
        else controller.enqueue(new Uint8Array(CHUNK));
      },
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: REFUSED });
  });
});
