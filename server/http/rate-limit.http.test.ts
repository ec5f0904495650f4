import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';

const contact = { name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' };
const defaults = { perMinute: 5, perHour: 30 };

describe('rate limits on the POST endpoints', () => {
  it('answers the 6th POST in a minute from one IP with 429 JSON in Portuguese', async () => {
    const { app, repository } = createTestApp({ rateLimits: defaults });
    for (let i = 0; i < 5; i++) expect((await request(app).post('/api/contacts').send(contact)).status).toBe(201);
    const res = await request(app).post('/api/contacts').send(contact);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      success: false,
      message: expect.stringMatching(/^Muitas solicitações em pouco tempo\. Tente novamente em 1 minuto\.$/),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['ratelimit-policy']).toBeDefined();
    expect(res.headers.ratelimit).toBeDefined();
    expect((await repository.listContacts(1, 10)).total).toBe(5);
  });

  it('counts the hour window too, and 0 turns a window off', async () => {
    const { app } = createTestApp({ rateLimits: { perMinute: 0, perHour: 2 } });
    await request(app).post('/api/contacts').send(contact);
    await request(app).post('/api/contacts').send(contact);
    const res = await request(app).post('/api/contacts').send(contact);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/Tente novamente em \d+ minutos\./);
  });

  it('never limits pages or /health', async () => {
    const { app } = createTestApp({ rateLimits: { perMinute: 1, perHour: 1 } });
    for (let i = 0; i < 5; i++) {
      expect((await request(app).get('/')).status).toBe(200);
      expect((await request(app).get('/health')).status).toBe(200);
    }
  });

  it('counts clients apart by X-Forwarded-For behind a trusted proxy', async () => {
    const { app } = createTestApp({ rateLimits: defaults, trustProxy: ['loopback'] });
    for (let i = 0; i < 5; i++)
      await request(app).post('/api/contacts').set('X-Forwarded-For', '203.0.113.7').send(contact);
    const limited = await request(app).post('/api/contacts').set('X-Forwarded-For', '203.0.113.7').send(contact);
    const other = await request(app).post('/api/contacts').set('X-Forwarded-For', '198.51.100.20').send(contact);
    expect(limited.status).toBe(429);
    expect(other.status).toBe(201);
  });

  it('ignores a forged X-Forwarded-For when the proxy is not trusted', async () => {
    const { app } = createTestApp({ rateLimits: defaults });
    for (let i = 0; i < 5; i++)
      await request(app).post('/api/contacts').set('X-Forwarded-For', `203.0.113.${i}`).send(contact);
    const res = await request(app).post('/api/contacts').set('X-Forwarded-For', '198.51.100.99').send(contact);
    expect(res.status).toBe(429);
  });

  it('shows the message on the page to the form without JavaScript', async () => {
    const { app } = createTestApp({ rateLimits: { perMinute: 1, perHour: 0 } });
    const form = 'name=Ana&email=ana%40empresa.com.br&message=Ol%C3%A1';
    await request(app).post('/api/contacts').type('form').send(form);
    const res = await request(app).post('/api/contacts').type('form').send(form);
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Muitas solicitações em pouco tempo');
  });
});
