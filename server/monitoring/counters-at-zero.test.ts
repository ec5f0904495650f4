import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SUSPECT_REASONS } from '../../shared/spam';
import { createTestApp } from '../../test/support/app';
import { ADMIN_TOKEN, bearer } from '../../test/support/leads';
import { EVICTION_REASONS } from '../process/connections';

// Prometheus's increase() cannot see the step from "no series" to 1: a counter whose series appears
// only with its first event hides that event, and an alert on "no lead for hours" has nothing to read
// before the first one (deploy/prometheus/alerts.yml).
describe('the counters the alerts read', () => {
  it('show every lead type, held posts, each signal and every channel’s outcome at 0 before anything happened', async () => {
    const { app } = createTestApp({ adminToken: ADMIN_TOKEN });
    const { text } = await request(app).get('/metrics').set('Authorization', bearer).expect(200);
    for (const type of ['contact', 'quote']) expect(text).toContain(`site_leads_created_total{type="${type}"} 0\n`);
    expect(text).toContain('site_leads_held_total 0\n');
    for (const reason of Object.keys(SUSPECT_REASONS))
      expect(text).toContain(`site_leads_suspect_total{reason="${reason}"} 0\n`);
    for (const channel of ['email', 'webhook'])
      for (const outcome of ['sent', 'retried', 'failed'])
        expect(text).toContain(`site_outbox_notifications_total{channel="${channel}",outcome="${outcome}"} 0\n`);
  });

  it('show every reason a connection is closed at the cap at 0 before any was', async () => {
    const { app } = createTestApp({ adminToken: ADMIN_TOKEN });
    const { text } = await request(app).get('/metrics').set('Authorization', bearer).expect(200);
    for (const reason of EVICTION_REASONS)
      expect(text).toContain(`site_connections_evicted_total{reason="${reason}"} 0\n`);
  });
});
