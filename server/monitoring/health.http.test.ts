import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';

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
