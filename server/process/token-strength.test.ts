import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimatedBits, TOKEN_MIN_BITS } from './token-strength';

const weakest = (make: () => string, times = 2_000) =>
  Math.min(...Array.from({ length: times }, () => estimatedBits(make())));

describe('the estimate of an ADMIN_TOKEN’s entropy', () => {
  it('passes every token a generator makes, the shortest included', () => {
    expect(weakest(() => randomBytes(16).toString('hex'))).toBeGreaterThanOrEqual(TOKEN_MIN_BITS);
    expect(weakest(() => randomBytes(24).toString('base64'))).toBeGreaterThanOrEqual(TOKEN_MIN_BITS);
    expect(weakest(() => randomUUID())).toBeGreaterThanOrEqual(TOKEN_MIN_BITS);
  });

  it.each([
    ['a'.repeat(64), 'one character'],
    ['0123456789abcdef'.repeat(4), 'a run repeated'],
    ['senha'.repeat(13), 'a word repeated'],
    [`${'ab'.repeat(31)}cd`, 'two characters alternating'],
    ['zyxwvutsrqponmlkjihgfedcba987654', 'a run backwards'],
  ])('counts %s (%s) as a few characters, however long', (token) => {
    expect(estimatedBits(token)).toBeLessThan(40);
  });
});
