import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../server/monitoring/metrics';
import { createTestApp, testRepository } from '../../test/support/app';
import { ADMIN_TOKEN, bearer, sampleContact } from '../../test/support/leads';
import { alertRules, dashboardQueries, selectors } from '../../test/support/promql';

// The alerts (deploy/prometheus/alerts.yml) and the dashboard (deploy/grafana/site.json) read only what
// GET /metrics shows, with the labels it gives: a metric renamed in server/monitoring/metrics.ts, or a
// route labelled differently, would otherwise leave a rule that never fires and a panel that stays empty.

const queries = [...alertRules(), ...dashboardQueries()].map((query) => ({ ...query, ...selectors(query.expr) }));
/** What Prometheus adds to every scraped series, and its own `up`. */
const TARGET_LABELS = ['job', 'instance'];

/** The series names and their labels in a scrape of the app as server/index.ts builds it, after some traffic. */
async function scrape() {
  const repository = testRepository();
  const metrics = createMetrics(repository, { processMetrics: true });
  const { app } = createTestApp({ adminToken: ADMIN_TOKEN, repository, metrics });
  await request(app).get('/').expect(200);
  await request(app).post('/api/contacts').send(sampleContact).expect(201);
  for (const path of ['/health', '/health/ready', '/metrics', '/api/contacts.csv'])
    await request(app).get(path).set('Authorization', bearer).expect(200);
  const { text } = await request(app).get('/metrics').set('Authorization', bearer).expect(200);
  const labels = new Map<string, Set<string>>([['up', new Set()]]);
  const routes = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const series = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] }[type!] ?? [''];
    for (const suffix of series) labels.set(`${name}${suffix}`, new Set());
  }
  for (const [, name, pairs = ''] of text.matchAll(/^([a-z_:][\w:]*)(?:\{(.*)\})? \S+$/gm))
    for (const [, label, value] of pairs.matchAll(/(\w+)="([^"]*)"/g)) {
      labels.get(name!)?.add(label!);
      if (label === 'route') routes.add(value!);
    }
  return { labels, routes };
}
let scraped: ReturnType<typeof scrape> | undefined;
/** The scrape, made once, inside the first test that asks (the repository lives as long as that test). */
const exposed = () => (scraped ??= scrape());

describe('the alerts and the dashboard', () => {
  it.each(queries.map((query) => [query.name, query] as const))('parse as PromQL: %s', (_name, query) => {
    expect(query.invalid, query.expr).toBe(false);
    expect(query.selectors.length).toBeGreaterThan(0);
  });

  it('name only metrics that /metrics exposes', async () => {
    const { labels } = await exposed();
    const unknown = queries.flatMap(({ name, selectors }) =>
      selectors.filter(({ metric }) => !labels.has(metric)).map(({ metric }) => `${name}: ${metric}`),
    );
    expect(unknown).toEqual([]);
  });

  it('select on labels those metrics have', async () => {
    const { labels } = await exposed();
    const unknown = queries.flatMap(({ name, selectors }) =>
      selectors.flatMap(({ metric, matchers }) =>
        matchers
          .filter(({ label }) => !TARGET_LABELS.includes(label) && !labels.get(metric)?.has(label))
          .map(({ label }) => `${name}: ${metric}{${label}}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('leave out the health checks, /metrics and the exports by the routes the app labels them with', async () => {
    const { routes } = await exposed();
    const excluded = queries.flatMap(({ selectors }) =>
      selectors.flatMap(({ matchers }) => matchers.filter(({ label, op }) => label === 'route' && op === '!~')),
    );
    expect(excluded.length).toBeGreaterThan(0);
    const polled = [...routes].filter((route) => /health|metrics/.test(route));
    expect(polled.sort()).toEqual(['/health', '/health/ready', '/metrics']);
    for (const { value } of excluded) {
      // PromQL's regular expressions are anchored at both ends.
      const pattern = new RegExp(`^(?:${value})$`);
      for (const route of polled) expect(route, value).toMatch(pattern);
      if (value.includes('csv')) expect('/api/contacts.csv').toMatch(pattern);
    }
    expect(routes).toContain('/api/contacts.csv');
  });
});
