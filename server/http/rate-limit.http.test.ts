import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';

const contact = { name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' };
const typo = { ...contact, email: 'ana@empresa' };
const defaults = { perMinute: 5, perHour: 30 };
const withRefused = { ...defaults, refusedPerMinute: 20, refusedPerHour: 120 };
const statuses = async (app: Parameters<typeof request>[0], body: object, times: number) => {
  const answered: number[] = [];
  for (let i = 0; i < times; i++) answered.push((await request(app).post('/api/contacts').send(body)).status);
  return answered;
};

describe('rate limits on the POST endpoints', () => {
  it('answers the 6th POST in a minute from one IP with 429 JSON in Portuguese', async () => {
    const { app, repository } = createTestApp({ rateLimits: defaults });
    for (let i = 0; i < 5; i++) expect((await request(app).post('/api/contacts').send(contact)).status).toBe(201);
    const res = await request(app).post('/api/contacts').send(contact);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      success: false,
      code: expect.any(String),
      message: expect.stringMatching(/^Muitas solicitações em pouco tempo\. Tente novamente em 1 minuto\.$/),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['ratelimit-policy']).toBeDefined();
    expect(res.headers.ratelimit).toBeDefined();
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(5);
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

  it('does not count refused posts against the leads: ten typos, then still five leads', async () => {
    const { app, repository } = createTestApp({ rateLimits: withRefused });
    expect(await statuses(app, typo, 10)).toEqual(Array(10).fill(400));
    expect(await statuses(app, contact, 6)).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(5);
  });

  it('stops a flood of refused posts at their own, larger limit, leads included once it is reached', async () => {
    const { app, repository } = createTestApp({ rateLimits: withRefused });
    expect(await statuses(app, typo, 21)).toEqual([...Array(20).fill(400), 429]);
    const res = await request(app).post('/api/contacts').send(contact);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Muitas solicitações em pouco tempo. Tente novamente em 1 minuto.');
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  });

  it('counts the posts the leads’ limit turns away as refused', async () => {
    const { app } = createTestApp({ rateLimits: { perMinute: 1, perHour: 0, refusedPerMinute: 3 } });
    expect(await statuses(app, contact, 6)).toEqual([201, 429, 429, 429, 429, 429]);
    expect(await statuses(app, typo, 1)).toEqual([429]);
  });

  it('shows the message on the page to the form without JavaScript, with the values typed', async () => {
    const { app } = createTestApp({ rateLimits: { perMinute: 1, perHour: 0 } });
    const form = 'name=Z%C3%A9+Lima&email=ze%40empresa.com.br&phone=%2B55+11+91234-5678&message=Ol%C3%A1%0D%0Atchau';
    await request(app).post('/api/contacts').type('form').send(form);
    const res = await request(app).post('/api/contacts').type('form').send(form);
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('Muitas solicitações em pouco tempo');
    for (const value of [
      'value="Zé Lima"',
      'value="ze@empresa.com.br"',
      'value="+55 11 91234-5678"',
      '>Olá\r\ntchau</textarea>',
    ])
      expect(res.text).toContain(value);
  });
});
