import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/support/app';

describe('request logs', () => {
  it('write one line per request with id, method, path, status and duration', async () => {
    const { app, logs } = createTestApp();
    const res = await request(app).get('/health?verbose=1');
    const line = logs.find((entry) => entry.msg === 'requisição atendida');
    expect(line).toMatchObject({
      req: { id: res.headers['x-request-id'], method: 'GET', path: '/health' },
      res: { status: 200 },
      durationMs: expect.any(Number),
    });
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
});
