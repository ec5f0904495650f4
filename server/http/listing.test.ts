import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageQuerySchema } from './listing';

// Property-based: a page number is read only when written as people write one.

/** What a query string may hold where a number is asked for: digits, and everything Number() would also read. */
const queryValue = fc.oneof(
  fc.nat({ max: 2_000_000 }).map(String),
  fc.stringMatching(/^[0-9]{1,25}$/),
  fc.double().map(String),
  fc.integer().map((n) => n.toString(16)),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('1e3', '1E2', '0x10', '0b11', '0o17', '+1', '-1', ' 1', '1 ', '1.0', '1.', '.5', '1_000', 'Infinity'),
  // Digits of other scripts and widths: no person types a page number with them here.
  fc.constantFrom('１', '٣', '३', '1\u200B'),
);

const decimalWithin = (value: string, max: number) => /^[1-9][0-9]*$/.test(value) && Number(value) <= max;

describe('?page and ?limit', () => {
  it('are read only as decimal digits within their range, and then as exactly that number', () => {
    fc.assert(
      fc.property(queryValue, queryValue, (page, limit) => {
        const parsed = pageQuerySchema.safeParse({ page, limit });
        expect(parsed.success).toBe(decimalWithin(page, 1_000_000) && decimalWithin(limit, 100));
        if (parsed.success) expect(parsed.data).toEqual({ page: Number(page), limit: Number(limit) });
      }),
      { numRuns: 2000 },
    );
  });

  it('default to page 1 of 10 when absent', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
  });
});
