import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../shared/contact-form';
import { createTestApp, testRepository } from '../../test/support/app';
import { sampleContact } from '../../test/support/leads';

describe('GET /health/ready', () => {
  it('answers 200 while the app serves and the database answers', async () => {
    const { app } = createTestApp();
    const res = await request(app).get('/health/ready');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('turns 503 once shutdown begins, while /health stays 200', async () => {
    const draining = new AbortController();
    const { app } = createTestApp({ draining: draining.signal });
    draining.abort();
    expect((await request(app).get('/health/ready')).status).toBe(503);
    expect((await request(app).get('/health')).status).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    const { app, repository } = createTestApp();
    await repository.close();
    expect((await request(app).get('/health/ready')).status).toBe(503);
  });
});

describe('the public health checks', () => {
  it('say their status and nothing else, the same after stored posts as after posts the honeypot caught', async () => {
    const { app } = createTestApp({ repository: testRepository(undefined, { channels: ['email', 'webhook'] }) });
    const check = async () => [
      (await request(app).get('/health')).body,
      (await request(app).get('/health/ready')).body,
    ];
    const idle = await check();

    await request(app)
      .post('/api/contacts')
      .send({ ...sampleContact, [HONEYPOT_FIELD]: 'http://spam.example' })
      .expect(201);
    const afterTrapped = await check();
    await request(app).post('/api/contacts').send(sampleContact).expect(201);

    expect(idle).toEqual([{ status: 'ok' }, { status: 'ready' }]);
    expect(afterTrapped).toEqual(idle);
    expect(await check()).toEqual(idle);
  });
});
