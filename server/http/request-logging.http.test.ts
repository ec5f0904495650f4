import { once } from 'node:events';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import request from 'supertest';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, testRepository } from '../../test/support/app';
import { listening, rawRequest } from '../../test/support/raw-http';
import { eventually } from '../../test/support/wait';

describe('request logs', () => {
  it('write one line per request with id, method, path, status and duration', async () => {
    const { app, logs } = createTestApp();
    const res = await request(app).get('/health?verbose=1');
    const line = logs.find((entry) => entry.msg === 'requisição atendida');
    expect(line).toMatchObject({
      level: 'info',
      req: { id: res.headers['x-request-id'], method: 'GET', path: '/health' },
      res: { status: 200 },
      durationMs: expect.any(Number),
    });
  });

  it('write the client address as trusted, the user agent, an ISO time and a level name', async () => {
    const { app, logs } = createTestApp({ trustProxy: ['loopback'] });
    await request(app).get('/').set('X-Forwarded-For', '203.0.113.7').set('User-Agent', 'Mozilla/5.0 (teste)');
    expect(logs.find((entry) => entry.msg === 'requisição atendida')).toMatchObject({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      req: { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (teste)' },
    });
  });

  it('write the address the connection came from when no proxy is trusted, whatever it forwards', async () => {
    const { app, logs } = createTestApp();
    await request(app).get('/').set('X-Forwarded-For', '203.0.113.7');
    const { ip } = logs.find((entry) => entry.msg === 'requisição atendida')!.req as { ip: string };
    expect(ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('cut a user agent past 512 characters', async () => {
    const { app, logs } = createTestApp();
    await request(app).get('/').set('User-Agent', 'x'.repeat(5000));
    const { userAgent } = logs.find((entry) => entry.msg === 'requisição atendida')!.req as { userAgent: string };
    expect(userAgent).toBe('x'.repeat(512));
  });

  it('keep an incoming X-Request-Id and echo it', async () => {
    const { app, logs } = createTestApp();
    const res = await request(app).get('/').set('X-Request-Id', 'proxy-abc.123');
    expect(res.headers['x-request-id']).toBe('proxy-abc.123');
    expect(logs.some((entry) => (entry.req as { id?: string } | undefined)?.id === 'proxy-abc.123')).toBe(true);
  });

  it('replace an unsafe X-Request-Id with a generated one', async () => {
    const { app } = createTestApp();
    const res = await request(app).get('/').set('X-Request-Id', 'bad id <script>');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('write a failed request at error level', async () => {
    const repository = testRepository();
    repository.contacts.receiveContact = () => Promise.reject(new Error('disco cheio'));
    const { app, logs } = createTestApp({ repository });
    await request(app).post('/api/contacts').send({ name: 'Ana', email: 'ana@exemplo.com', message: 'Olá' });
    expect(logs.find((entry) => entry.msg === 'requisição falhou')).toMatchObject({
      level: 'error',
      req: { method: 'POST', path: '/api/contacts' },
      res: { status: 500 },
    });
  });

  it('write a request the client cut short as interrupted, once', async () => {
    const { app, logs } = createTestApp();
    const server = createServer(app).listen(0, '127.0.0.1');
    onTestFinished(() => void server.close());
    await once(server, 'listening');
    // A body announced longer than what arrives before the client goes away.
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    socket.end(
      'POST /api/contacts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
    );
    socket.destroy();
    const lines = await eventually(() => {
      const found = logs.filter((entry) => (entry.req as { path?: string } | undefined)?.path === '/api/contacts');
      expect(found).not.toEqual([]);
      return found;
    });
    expect(lines).toEqual([expect.objectContaining({ msg: 'requisição interrompida', level: 'info' })]);
  });

  it('never contain what a visitor typed', async () => {
    const { app, logs } = createTestApp();
    const lead = {
      name: 'Fulana Sigilosa',
      email: 'fulana.sigilosa@exemplo.com',
      phone: '11 98888-7777',
      message: 'mensagem-secreta',
    };
    await request(app).post('/api/contacts').send(lead);
    await request(app)
      .post('/api/contacts')
      .send({ ...lead, email: 'invalido' });
    await request(app)
      .post('/api/contacts')
      .type('form')
      .send(new URLSearchParams({ ...lead, email: 'x' }).toString());
    const text = JSON.stringify(logs);
    for (const value of Object.values(lead)) expect(text).not.toContain(value);
    expect(text).not.toContain('fulana');
  });

  /** The access line of one request written by hand on a socket, as the log has it. */
  async function loggedRaw(head: string) {
    const { app, logs } = createTestApp();
    await rawRequest(await listening(app), Buffer.from(`${head}\r\nConnection: close\r\n\r\n`, 'latin1'));
    return eventually(() => {
      const line = logs.find((entry) => entry.msg === 'requisição atendida');
      expect(line).toBeDefined();
      return line!.req as { path: string; userAgent: string };
    });
  }

  it('write C1 control characters from a client as visible escapes, not raw', async () => {
    // Node's parser refuses C0 controls in a header; C1 ones (bytes 0x80–0x9F) pass.
    const { userAgent } = await loggedRaw('GET / HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u009b31mb\u0085c');
    expect(userAgent).toBe('a\\u009b31mb\\u0085c');
  });

  it('cut a path past 512 characters', async () => {
    const { path } = await loggedRaw(`GET /${'a'.repeat(15 * 1024)} HTTP/1.1\r\nHost: x`);
    expect(path).toBe(`/${'a'.repeat(511)}`);
  });

  it('drop the credentials of an absolute-form target', async () => {
    const { path } = await loggedRaw('GET http://ana:segredo@localhost/?q=1 HTTP/1.1\r\nHost: localhost');
    expect(path).toBe('http://localhost/');
  });
});
