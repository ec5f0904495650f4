import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { needs } from '../../test/support/tools';
import type { RateLimitCounters } from '../db/rate-limit-counters';
import { attemptLimiter } from './attempt-limit';

type Counters = { name: string; open: () => Promise<RateLimitCounters | undefined> };

const postgres = (url: string): Counters => {
  const store = postgresSchemaForThisFile(url);
  return { name: 'PostgreSQL', open: async () => (await store.open()).rateLimitCounters };
};
const backends: Counters[] = [
  { name: 'memory', open: async () => undefined },
  ...(TEST_DATABASE_URL ? [postgres(TEST_DATABASE_URL)] : []),
];

/** A key no other test (nor an earlier run on the same schema) has counted. */
const fresh = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

// Failed attempts per key (issue 33 §5): the API's wrong tokens now, the sign-in's codes next.
describe.each(backends)('attemptLimiter on $name', ({ open }) => {
  it('allows `limit` failures, then limits the key, counted or not, with the seconds left', async () => {
    const limiter = attemptLimiter(await open(), { name: 'teste', limit: 3, windowMs: 60_000 });
    const key = fresh('conta');

    const hits = [];
    for (let n = 0; n < 4; n++) hits.push(await limiter.hit(key));

    expect(hits.map((hit) => hit.limited)).toEqual([false, false, false, true]);
    expect(hits[3]!.retryAfterS).toBeGreaterThan(50);
    expect(hits[3]!.retryAfterS).toBeLessThanOrEqual(60);
    expect(await limiter.check(key)).toEqual({ limited: true, retryAfterS: expect.any(Number) });
    expect(await limiter.check(fresh('outra'))).toEqual({ limited: false, retryAfterS: 0 });
  });

  it('counts nothing on check, and forgets a key on reset', async () => {
    const limiter = attemptLimiter(await open(), { name: 'teste', limit: 2, windowMs: 60_000 });
    const key = fresh('conta');
    for (let n = 0; n < 5; n++) await limiter.check(key);
    await limiter.hit(key);
    await limiter.hit(key);
    expect((await limiter.check(key)).limited).toBe(true);

    await limiter.reset(key);

    expect(await limiter.check(key)).toEqual({ limited: false, retryAfterS: 0 });
  });

  it('lets the key try again once its window has ended', async () => {
    const limiter = attemptLimiter(await open(), { name: 'teste', limit: 1, windowMs: 300 });
    const key = fresh('conta');
    await limiter.hit(key);
    expect((await limiter.check(key)).limited).toBe(true);

    await sleep(400);

    expect((await limiter.check(key)).limited).toBe(false);
    expect((await limiter.hit(key)).limited).toBe(false);
  });

  it('keeps two limiters of different names apart on the same counters', async () => {
    const counters = await open();
    const signIn = attemptLimiter(counters, { name: 'entrada', limit: 1, windowMs: 60_000 });
    const code = attemptLimiter(counters, { name: 'codigo', limit: 1, windowMs: 60_000 });
    const key = fresh('conta');

    await signIn.hit(key);

    expect((await signIn.check(key)).limited).toBe(true);
    expect((await code.check(key)).limited).toBe(false);
  });
});

describe('attemptLimiter on PostgreSQL, from two replicas', needs('postgres'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('counts one key once across both', async () => {
    const options = { name: 'teste', limit: 4, windowMs: 60_000 };
    const [a, b] = [
      attemptLimiter((await store.open()).rateLimitCounters, options),
      attemptLimiter((await store.open()).rateLimitCounters, options),
    ];
    const key = fresh('conta');

    const hits = await Promise.all([a.hit(key), b.hit(key), a.hit(key), b.hit(key), a.hit(key)]);

    expect(hits.filter((hit) => hit.limited)).toHaveLength(1);
    expect((await b.check(key)).limited).toBe(true);
  });
});
