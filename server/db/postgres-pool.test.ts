import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from './database';
import { guard, isUnavailable } from './postgres-pool';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ENOTFOUND',
    'ETIMEDOUT',
    'ECONNRESET',
    '57P01',
    '57P03',
    '08006',
    '08001',
    '53300',
    '57014',
  ])('counts code %s as the database being unreachable', (code) => {
    expect(isUnavailable(withCode(code))).toBe(true);
  });

  it.each(['Connection terminated unexpectedly', 'timeout exceeded when trying to connect', 'Query read timeout'])(
    "counts pg's own %s as unreachable",
    (message) => {
      expect(isUnavailable(new Error(message))).toBe(true);
    },
  );

  it('looks inside the AggregateError of a host with several addresses', () => {
    expect(isUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it.each(['23505', '42P01', '22P02'])('leaves the query error %s a bug, not an outage', (code) => {
    expect(isUnavailable(withCode(code))).toBe(false);
  });
});

describe('guard', () => {
  it('turns an outage into DatabaseUnavailableError and keeps the cause', async () => {
    const cause = withCode('ECONNREFUSED');
    const error = await guard(() => Promise.reject(cause)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as Error).cause).toBe(cause);
  });

  it('lets other errors through untouched', async () => {
    const bug = withCode('42P01');
    await expect(guard(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});
