import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type CappedChild, startChild } from './capped-child';
import { memoryOf } from './proc-memory';

// The kernel's cap on a child (docs/decisions/052-untrusted-files.md), against a child that does
// what a hostile file makes a parser do: allocate without end outside the heap and in it, spin,
// look for the server's secrets.

const HUNGRY = fileURLToPath(new URL('../../test/support/hungry-child.mjs', import.meta.url));
const LIMITS = { memoryMb: 64, timeMs: 5_000 };

let child: CappedChild | undefined;
afterEach(() => child?.kill());

const hungry = async (limits = LIMITS) => {
  child = await startChild(HUNGRY, limits);
  return { child, warm: (await memoryOf(child.pid))! };
};

describe('a capped child', { timeout: 30_000 }, () => {
  it('answers what it was asked', async () => {
    const { child } = await hungry();
    expect(await child.judge(Buffer.from('12345'), { act: 'echo' })).toEqual({ answer: 5 });
  });

  it('fails at its cap when it allocates 600 MB of buffers, its memory never past it', async () => {
    const { child, warm } = await hungry();
    let peak = 0;
    const sampler = setInterval(async () => {
      peak = Math.max(peak, (await memoryOf(child.pid))?.rss ?? 0);
    }, 20);
    const outcome = await child.judge(Buffer.alloc(0), { act: 'buffers', megabytes: 600 });
    clearInterval(sampler);
    expect(outcome).toEqual({ failure: 'memory' });
    expect(peak).toBeLessThan(warm.rss + LIMITS.memoryMb + 8);
  });

  // Filling 64 MB of heap with small objects takes seconds on a busy machine: time enough for it here.
  it('fails at its cap when its heap grows without end', async () => {
    const { child } = await hungry({ ...LIMITS, timeMs: 25_000 });
    expect(await child.judge(Buffer.alloc(0), { act: 'heap' })).toEqual({ failure: 'memory' });
  });

  it('is stopped when a file takes longer than its time', async () => {
    const { child } = await hungry();
    const started = performance.now();
    expect(await child.judge(Buffer.alloc(0), { act: 'spin' })).toEqual({ failure: 'time' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(LIMITS.timeMs - 50);
  });

  it('has none of the server’s environment, reads no other file and starts no process', async () => {
    process.env.SITE_TEST_SECRET = 'não deve vazar';
    const { child } = await hungry();
    const environment = await child.judge<unknown, string[]>(Buffer.alloc(0), { act: 'environment' });
    expect('answer' in environment && environment.answer).not.toContain('SITE_TEST_SECRET');
    expect(await child.judge(Buffer.alloc(0), { act: 'readSecret', path: '/etc/hostname' })).toEqual({
      answer: 'ERR_ACCESS_DENIED',
    });
    expect(await child.judge(Buffer.alloc(0), { act: 'spawn' })).toEqual({ answer: 'ERR_ACCESS_DENIED' });
  });
});
