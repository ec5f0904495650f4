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

// Attempts per key (docs/decisions/044-sign-in-limits.md): each reserves its slot before it is made.
describe.each(backends)('attemptLimiter on $name', ({ open }) => {
  it('allows `limit` attempts, then limits the key, with the seconds left', async () => {
    const limiter = attemptLimiter(await open(), { name: 'teste', limit: 3, windowMs: 60_000 });
    const key = fresh('conta');

    const slots = [];
    for (let n = 0; n < 4; n++) slots.push(await limiter.reserve(key));

    expect(slots.map((slot) => [slot.limited, slot.count])).toEqual([
      [false, 1],
      [false, 2],
      [false, 3],
      [true, 4],
    ]);
    expect(slots[3]!.retryAfterS).toBeGreaterThan(50);
    expect(slots[3]!.retryAfterS).toBeLessThanOrEqual(60);
    expect(await limiter.reserve(fresh('outra'))).toEqual({ limited: false, retryAfterS: 0, count: 1 });
  });

  it('lets no more than `limit` of many attempts made at once through', async () => {
    const limiter = attemptLimiter(await open(), { name: 'teste', limit: 20, windowMs: 60_000 });
    const key = fresh('endereco');

    const slots = await Promise.all(Array.from({ length: 80 }, () => limiter.reserve(key)));

    expect(slots.filter((slot) => !slot.limited)).toHaveLength(20);
  });

  it('gives a released slot back to the next attempt', async () => {
    const limiter = attemptLimiter(await open(), { name: 'teste', limit: 2, windowMs: 60_000 });
    const key = fresh('conta');
    await limiter.reserve(key);
    await limiter.reserve(key);
    expect((await limiter.reserve(key)).limited).toBe(true);

    await limiter.release(key);
    await limiter.release(key);

    expect(await limiter.reserve(key)).toEqual({ limited: false, retryAfterS: 0, count: 2 });
  });

  it('lets the key try again once its window has ended', async () => {
    const limiter = attemptLimiter(await open(), { name: 'teste', limit: 1, windowMs: 300 });
    const key = fresh('conta');
    await limiter.reserve(key);
    expect((await limiter.reserve(key)).limited).toBe(true);

    await sleep(400);

    expect((await limiter.reserve(key)).limited).toBe(false);
  });

  it('keeps two limiters of different names apart on the same counters', async () => {
    const counters = await open();
    const signIn = attemptLimiter(counters, { name: 'entrada', limit: 1, windowMs: 60_000 });
    const code = attemptLimiter(counters, { name: 'codigo', limit: 1, windowMs: 60_000 });
    const key = fresh('conta');

    await signIn.reserve(key);

    expect((await signIn.reserve(key)).limited).toBe(true);
    expect((await code.reserve(key)).limited).toBe(false);
  });
});

describe('attemptLimiter on PostgreSQL, from two replicas', needs('postgres'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('lets no more than `limit` through of 300 attempts made at once on both', async () => {
    const options = { name: 'teste', limit: 20, windowMs: 60_000 };
    const replicas = [
      attemptLimiter((await store.open()).rateLimitCounters, options),
      attemptLimiter((await store.open()).rateLimitCounters, options),
    ];
    const key = fresh('endereco');

    const slots = await Promise.all(Array.from({ length: 300 }, (_, n) => replicas[n % 2]!.reserve(key)));

    expect(slots.filter((slot) => !slot.limited)).toHaveLength(20);
  });
});
