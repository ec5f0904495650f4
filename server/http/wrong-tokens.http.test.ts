import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { ADMIN_TOKEN, bearer } from '../../test/support/leads';
import { needs } from '../../test/support/tools';
import { WRONG_TOKENS } from './admin';
import { REFUSALS } from './refusals';

const WRONG = 'Bearer um-token-errado-com-mais-de-32-caracteres';
type App = ReturnType<typeof createTestApp>['app'];

/** A read of the contacts from `client`, as the trusted proxy names it. */
const read = (app: App, client: string, authorization: string) =>
  request(app).get('/api/contacts').set('X-Forwarded-For', client).set('Authorization', authorization);

/** A 429 of the catalogue, with the seconds until the window ends. */
const expectLimited = (res: request.Response) => {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ success: false, code: 'TOO_MANY_WRONG_TOKENS' });
  expect(res.body.message).toBe(REFUSALS.TOO_MANY_WRONG_TOKENS.message('1'));
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
};

// Wrong bearer tokens, limited per client address (docs/requirements.md §6.2): before, 4,153 of them in 5 s were
// each answered 401.
describe('wrong bearer tokens on the API', () => {
  const app = () => createTestApp({ adminToken: ADMIN_TOKEN, trustProxy: ['loopback'] }).app;

  it('answer 401 up to the limit, then 429 with Retry-After, even to the right token', async () => {
    const site = app();
    for (let n = 0; n < WRONG_TOKENS.limit; n++) expect((await read(site, '203.0.113.1', WRONG)).status).toBe(401);

    expectLimited(await read(site, '203.0.113.1', WRONG));
    expectLimited(await read(site, '203.0.113.1', bearer));
  });

  it('are counted per address: another client still reads with the right token', async () => {
    const site = app();
    for (let n = 0; n <= WRONG_TOKENS.limit; n++) await read(site, '203.0.113.2', WRONG);

    expect((await read(site, '198.51.100.2', bearer)).status).toBe(200);
    expect((await read(site, '198.51.100.2', WRONG)).status).toBe(401);
  });

  it('do not count a request that sends no token, nor a right one', async () => {
    const site = app();
    for (let n = 0; n < 2 * WRONG_TOKENS.limit; n++) {
      await request(site).get('/api/contacts').set('X-Forwarded-For', '203.0.113.3').expect(401);
      await read(site, '203.0.113.3', bearer).expect(200);
    }

    expect((await read(site, '203.0.113.3', WRONG)).status).toBe(401);
  });

  it('let many reads with the right token at once through, as a CRM’s exports in parallel', async () => {
    const site = app();

    const statuses = await Promise.all(
      Array.from({ length: 5 * WRONG_TOKENS.limit }, () => read(site, '203.0.113.4', bearer).then((res) => res.status)),
    );

    expect(statuses).toEqual(statuses.map(() => 200));
  });
});

describe('wrong bearer tokens with PostgreSQL', needs('postgres'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);
  const replica = async () =>
    createTestApp({ repository: await store.open(), adminToken: ADMIN_TOKEN, trustProxy: ['loopback'] }).app;

  it('are counted across replicas: the limit holds in all, not in each', async () => {
    const replicas = [await replica(), await replica()];
    for (let n = 0; n < WRONG_TOKENS.limit; n++)
      expect((await read(replicas[n % 2]!, '203.0.113.20', WRONG)).status).toBe(401);

    expectLimited(await read(replicas[0]!, '203.0.113.20', WRONG));
    expectLimited(await read(replicas[1]!, '203.0.113.20', bearer));
    expect((await read(replicas[1]!, '198.51.100.20', bearer)).status).toBe(200);
  });

  it('let right tokens in parallel on both replicas through, and judge parallel wrong ones exactly', async () => {
    const replicas = [await replica(), await replica()];
    const all = (client: string, authorization: string) =>
      Promise.all(
        Array.from({ length: 6 * WRONG_TOKENS.limit }, (_, n) =>
          read(replicas[n % 2]!, client, authorization).then((res) => res.status),
        ),
      );

    const rights = await all('203.0.113.21', bearer);
    const wrongs = await all('203.0.113.22', WRONG);

    expect(rights).toEqual(rights.map(() => 200));
    expect(wrongs.filter((status) => status === 401)).toHaveLength(WRONG_TOKENS.limit);
    expect(wrongs.filter((status) => status === 429)).toHaveLength(wrongs.length - WRONG_TOKENS.limit);
  });
});
