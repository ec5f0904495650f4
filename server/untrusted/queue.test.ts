import { describe, expect, it } from 'vitest';
import { admits, MAX_WAITING, nextIndex, PER_ADDRESS } from './queue';

// The order and the bounds of the files waiting for a child (docs/decisions/052-untrusted-files.md).

const file = (from: string, bytes: number, queuedAt = 0) => ({ from, bytes, queuedAt });

describe('the queue of untrusted files', () => {
  it(`admits ${PER_ADDRESS} files from one address at once, being judged or waiting`, () => {
    const mine = Array.from({ length: PER_ADDRESS - 1 }, () => file('a', 1));
    expect(admits(mine, [], 'a')).toBe(true);
    expect(admits(mine, [file('a', 1)], 'a')).toBe(false);
    expect(admits(mine, [file('a', 1)], 'b')).toBe(true);
  });

  it(`admits no file past ${MAX_WAITING} waiting, whoever sends it`, () => {
    const full = Array.from({ length: MAX_WAITING }, (_, n) => file(`address ${n}`, 1));
    expect(admits(full, [], 'new')).toBe(false);
  });

  it('judges a small file before the large ones queued before it', () => {
    const queued = [file('attacker', 612_000, 0), file('attacker', 612_000, 1), file('honest', 1_000, 2)];
    expect(nextIndex(queued, 3)).toBe(2);
  });

  it('lets a large file pass the small ones once it has waited its size in seconds', () => {
    const large = file('a', 5 * 1024 * 1024, 0);
    expect(nextIndex([large, file('b', 1_000, 2_900)], 3_000)).toBe(1);
    expect(nextIndex([large, file('b', 1_000, 5_500)], 5_600)).toBe(0);
  });
});
