import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, testRepository } from '../../test/support/app';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { ADMIN_TOKEN, bearer, sampleContact, sampleQuote } from '../../test/support/leads';
import { createMetrics } from './metrics';

/** The app with its metrics, and a way to read one series' value from GET /metrics. */
function appWithMetrics(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const repository = overrides.repository ?? testRepository();
  const metrics = createMetrics(repository);
  const { app } = createTestApp({ adminToken: ADMIN_TOKEN, repository, metrics, ...overrides });
  const scrape = async () => (await request(app).get('/metrics').set('Authorization', bearer).expect(200)).text;
  const value = async (series: string) => {
    const line = (await scrape()).split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  return { app, scrape, value };
}

describe('GET /metrics', () => {
  it('needs the admin token, like the listings, and is never cached', async () => {
    const { app } = appWithMetrics();
    const refused = await request(app).get('/metrics');
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    const res = await request(app).get('/metrics').set('Authorization', bearer);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(createTestApp().app).get('/metrics')).status).toBe(403);
  });

  it.each(['/METRICS', '/Metrics', '/metrics/'])('is not %s: routes are case-sensitive and strict', async (path) => {
    const { app } = appWithMetrics();
    const res = await request(app).get(path).set('Authorization', bearer);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('# TYPE');
  });

  it('times requests by method, route pattern and status class, never by raw path', async () => {
    const { app, scrape } = appWithMetrics();
    await request(app).get('/').expect(200);
    await request(app).get('/api/quotes/00000000-0000-4000-8000-000000000000').set('Authorization', bearer).expect(404);
    await request(app).get('/um/caminho/qualquer?x=1').expect(404);
    await request(app).get('/outro-caminho').expect(404);
    const text = await scrape();
    const count = (labels: string) =>
      Number(text.match(new RegExp(`^site_http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, 'm'))?.[1]);
    expect(count('method="GET",route="/",status_class="2xx"')).toBe(1);
    expect(count('method="GET",route="/api/quotes/:id",status_class="4xx"')).toBe(1);
    expect(count('method="GET",route="\\(sem rota\\)",status_class="4xx"')).toBe(2);
    expect(text).not.toMatch(/caminho|00000000-0000/);
  });

  it('labels a refused write by its route and an erasure by its method', async () => {
    const { app, scrape } = appWithMetrics({ rateLimits: { perMinute: 2, perHour: 0 } });
    await request(app).post('/api/contacts').send(sampleContact).expect(201);
    await request(app).post('/api/contacts').set('Content-Type', 'application/json').send('{').expect(400);
    await request(app).post('/api/contacts').send(sampleContact).expect(201);
    await request(app).post('/api/contacts').send(sampleContact).expect(429);
    await request(app).delete('/api/subjects?email=ninguem@empresa.com.br').set('Authorization', bearer).expect(200);
    const text = await scrape();
    expect(text).toMatch(
      /^site_http_request_duration_seconds_count\{method="POST",route="\/api\/contacts",status_class="4xx"\} 2$/m,
    );
    expect(text).toMatch(
      /^site_http_request_duration_seconds_count\{method="DELETE",route="\/api\/subjects",status_class="2xx"\} 1$/m,
    );
    expect(text).not.toMatch(/route="\/",status_class="4xx"|method="other"/);
  });

  it('counts the leads stored, by type, and not an Idempotency-Key replayed', async () => {
    const { app, value } = appWithMetrics();
    await request(app).post('/api/contacts').set('Idempotency-Key', 'k1').send(sampleContact).expect(201);
    await request(app).post('/api/contacts').set('Idempotency-Key', 'k1').send(sampleContact).expect(201);
    await request(app).post('/api/quotes').send(sampleQuote).expect(201);
    expect(await value('site_leads_created_total{type="contact"}')).toBe(1);
    expect(await value('site_leads_created_total{type="quote"}')).toBe(1);
  });

  it('counts the requests refused by the rate limit and the honeypot trips', async () => {
    const { app, value } = appWithMetrics({ rateLimits: { perMinute: 2, perHour: 0 } });
    await request(app)
      .post('/api/contacts')
      .send({ ...sampleContact, website: 'http://spam.example' })
      .expect(201);
    await request(app).post('/api/contacts').send(sampleContact).expect(201);
    await request(app).post('/api/contacts').send(sampleContact).expect(429);
    await request(app).post('/api/quotes').send(sampleQuote).expect(429);
    expect(await value('site_rate_limited_requests_total')).toBe(2);
    expect(await value('site_honeypot_trips_total')).toBe(1);
    expect(await value('site_leads_created_total{type="contact"}')).toBe(1);
  });

  it('shows the outbox waiting and how busy the database connection is', async () => {
    const repository = testRepository(undefined, { channels: ['email'] });
    const { app, value } = appWithMetrics({ repository });
    await request(app).post('/api/contacts').send(sampleContact).expect(201);
    expect(await value('site_outbox_pending{channel="email"}')).toBe(1);
    expect(await value('site_outbox_pending{channel="webhook"}')).toBe(0);
    expect(await value('site_outbox_failed{channel="email"}')).toBe(0);
    expect(await value('site_db_connections_in_use')).toBe(0);
    expect(await value('site_db_connections_waiting')).toBe(0);
  });

  it('shows whether the database answers, which public health no longer details', async () => {
    const repository = testRepository();
    const { value } = appWithMetrics({ repository });
    expect(await value('site_database_up')).toBe(1);
    await repository.close();
    expect(await value('site_database_up')).toBe(0);
  });
});

// The pool queues a query for a tick even when an idle connection will take it: the scrape's own
// outbox queries must not read as queries waiting for a connection.
describe.skipIf(!TEST_DATABASE_URL)('GET /metrics on PostgreSQL', () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('reads no query waiting and none in use on an idle replica', async () => {
    const repository = await store.open({ channels: ['email'] });
    await Promise.all([repository.ping(), repository.ping(), repository.ping()]);
    const { value } = appWithMetrics({ repository });
    expect(await value('site_db_connections_waiting')).toBe(0);
    expect(await value('site_db_connections_in_use')).toBe(0);
  });
});
