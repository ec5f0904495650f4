import request from 'supertest';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BusinessCalendar } from '../../shared/holidays';
import { createTestApp, testRepository } from '../../test/support/app';
import { backendsForThisFile, postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { ADMIN_TOKEN, bearer, sampleContact, sampleQuote } from '../../test/support/leads';
import { needs } from '../../test/support/tools';
import { createMetrics } from './metrics';

/** The app with its metrics, and a way to read one series' value from GET /metrics. */
function appWithMetrics(overrides: Parameters<typeof createTestApp>[0] = {}, calendar?: BusinessCalendar) {
  const repository = overrides.repository ?? testRepository();
  const metrics = createMetrics(repository, { calendar });
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
    // The first renders the page; the second gets it as kept.
    await request(app).get('/').expect(200);
    await request(app).get('/').expect(200);
    await request(app).get('/api/quotes/00000000-0000-4000-8000-000000000000').set('Authorization', bearer).expect(404);
    await request(app).get('/um/caminho/qualquer?x=1').expect(404);
    await request(app).get('/outro-caminho').expect(404);
    const text = await scrape();
    const count = (labels: string) =>
      Number(text.match(new RegExp(`^site_http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, 'm'))?.[1]);
    expect(count('method="GET",route="/",status_class="2xx"')).toBe(2);
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

  it('counts the requests refused by the rate limit', async () => {
    const { app, value } = appWithMetrics({ rateLimits: { perMinute: 2, perHour: 0 } });
    await request(app).post('/api/contacts').send(sampleContact).expect(201);
    await request(app).post('/api/contacts').send(sampleContact).expect(201);
    await request(app).post('/api/contacts').send(sampleContact).expect(429);
    await request(app).post('/api/quotes').send(sampleQuote).expect(429);
    expect(await value('site_rate_limited_requests_total')).toBe(2);
    expect(await value('site_leads_created_total{type="contact"}')).toBe(2);
  });

  it('counts a post held as suspect once, once per signal it showed, and in the folder, not as a lead', async () => {
    // What the alert on the share of suspects reads (deploy/prometheus/alerts.yml, SiteSuspectShareJump).
    const { app, scrape, value } = appWithMetrics();
    await request(app)
      .post('/api/contacts')
      .send({ ...sampleContact, website: 'http://spam.example' })
      .expect(201);
    expect(await value('site_leads_held_total')).toBe(1);
    expect(await value('site_leads_suspect_total{reason="honeypot"}')).toBe(1);
    expect(await value('site_leads_suspect_total{reason="disposable"}')).toBe(0);
    expect(await value('site_leads_suspects{state="suspect"}')).toBe(1);
    expect(await value('site_leads_suspects{state="spam"}')).toBe(0);
    expect(await value('site_leads_created_total{type="contact"}')).toBe(0);
    const text = await scrape();
    expect(text).toContain(
      '# HELP site_leads_held_total Contatos retidos como suspeitos na pasta Suspeitos (cada um uma vez).\n' +
        '# TYPE site_leads_held_total counter\n',
    );
    expect(text).toContain(
      '# HELP site_leads_suspect_total Contatos retidos como suspeitos, por sinal ' +
        '(um contato conta uma vez em cada sinal que mostrou).\n# TYPE site_leads_suspect_total counter\n',
    );
    expect(text).toContain(
      '# HELP site_leads_suspects Contatos na pasta Suspeitos: à espera de alguém (suspect) e marcados como spam ' +
        '(spam); igual em todas as réplicas.\n# TYPE site_leads_suspects gauge\n',
    );
    expect(text).not.toContain('site_honeypot');
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
describe('GET /metrics on PostgreSQL', needs('postgres'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('reads no query waiting and none in use on an idle replica', async () => {
    const repository = await store.open({ channels: ['email'] });
    await Promise.all([repository.ping(), repository.ping(), repository.ping()]);
    const { value } = appWithMetrics({ repository });
    expect(await value('site_db_connections_waiting')).toBe(0);
    expect(await value('site_db_connections_in_use')).toBe(0);
  });
});

// The promise of "2 horas úteis" (docs/requirements.md §9.4), counted in the database at each scrape.
// Monday 30 November 2026; São Paulo is at UTC-3.
type Arrival = { at: string; path: string; body: object };
describe.each(backendsForThisFile())('site_leads_waiting on $name', (backend) => {
  /** The app with `arrivals` posted at those instants, and the clock then set to `now`. */
  async function waitingAt(now: string, arrivals: Arrival[], calendar?: BusinessCalendar) {
    const repository = await backend.fresh();
    const metrics = appWithMetrics({ repository }, calendar);
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    for (const { at, path, body } of arrivals) {
      vi.setSystemTime(new Date(at));
      await request(metrics.app).post(path).send(body).expect(201);
    }
    vi.setSystemTime(new Date(now));
    const states = async () => ({
      within: await metrics.value('site_leads_waiting{state="within"}'),
      at_risk: await metrics.value('site_leads_waiting{state="at_risk"}'),
      overdue: await metrics.value('site_leads_waiting{state="overdue"}'),
    });
    return { states };
  }
  const contact = (at: string) => ({ at, path: '/api/contacts', body: sampleContact });
  const quote = (at: string) => ({ at, path: '/api/quotes', body: sampleQuote });

  it('counts a fresh lead as within the promise, one of 1h45 as at risk and one of 3 hours as overdue', async () => {
    const { states } = await waitingAt('2026-11-30T12:00:00-03:00', [
      contact('2026-11-30T09:00:00-03:00'),
      quote('2026-11-30T10:15:00-03:00'),
      contact('2026-11-30T11:50:00-03:00'),
    ]);
    expect(await states()).toEqual({ within: 1, at_risk: 1, overdue: 1 });
  });

  it('sorts leads to the millisecond at the edges: 2 hours exactly is overdue, 1h30 exactly at risk', async () => {
    const { states } = await waitingAt('2026-11-30T12:00:00.000-03:00', [
      contact('2026-11-30T10:00:00.000-03:00'),
      contact('2026-11-30T10:00:00.001-03:00'),
      quote('2026-11-30T10:30:00.000-03:00'),
      quote('2026-11-30T10:30:00.001-03:00'),
    ]);
    expect(await states()).toEqual({ within: 1, at_risk: 2, overdue: 1 });
  });

  it('counts business time only: a lead of Saturday 11:00 is still within the promise at 7:15 on Monday', async () => {
    const { states } = await waitingAt('2026-11-30T07:15:00-03:00', [quote('2026-11-28T11:00:00-03:00')]);
    expect(await states()).toEqual({ within: 1, at_risk: 0, overdue: 0 });
  });

  it('stops counting a lead that left Novo, and counts a quote an older replica wrote as pending', async () => {
    const { states } = await waitingAt('2026-11-30T17:00:00-03:00', [
      contact('2026-11-30T09:00:00-03:00'),
      quote('2026-11-30T09:00:00-03:00'),
    ]);
    await backend.exec("UPDATE contacts SET status = 'contacted'");
    await backend.exec("UPDATE quotes SET status = 'pending'");
    expect(await states()).toEqual({ within: 0, at_risk: 0, overdue: 1 });
  });

  it('stops the clock on Carnival only while OPTIONAL_HOLIDAYS is closed', async () => {
    // Saturday 11:30 before Carnival, read on its Tuesday at 10:00: 30 business minutes, or 14h30.
    const arrivals = [contact('2026-02-14T11:30:00-03:00')];
    const closed = await waitingAt('2026-02-17T10:00:00-03:00', arrivals);
    expect(await closed.states()).toEqual({ within: 1, at_risk: 0, overdue: 0 });
    const open = await waitingAt('2026-02-17T10:00:00-03:00', arrivals, { optionalHolidays: 'open' });
    expect(await open.states()).toEqual({ within: 0, at_risk: 0, overdue: 1 });
  });
});
