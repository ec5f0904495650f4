import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';

// pino's number for warn, or its name once the log writes level names.
const WARN = [40, 'warn'];
const warnings = (logs: Record<string, unknown>[]) =>
  logs.filter((entry) => WARN.includes(entry.level as never) && String(entry.msg).includes('TRUST_PROXY'));

describe('a request forwarded by a proxy the app was not told to trust', () => {
  it('logs one warning that names TRUST_PROXY, however many such requests come', async () => {
    const { app, logs } = createTestApp();
    await request(app).get('/health').expect(200);
    expect(warnings(logs)).toEqual([]);
    await request(app).get('/health').set('X-Forwarded-For', '203.0.113.7').expect(200);
    await request(app).get('/').set('X-Forwarded-For', '203.0.113.8').expect(200);
    expect(warnings(logs)).toHaveLength(1);
    expect(warnings(logs)[0]!.msg).toMatch(/Defina TRUST_PROXY .*TRUST_PROXY=1/);
  });

  it('says nothing once TRUST_PROXY is set, to a hop count or to 0', async () => {
    for (const trustProxy of [1, 0]) {
      const { app, logs } = createTestApp({ trustProxy });
      await request(app).get('/health').set('X-Forwarded-For', '203.0.113.7').expect(200);
      expect(warnings(logs)).toEqual([]);
    }
  });
});
