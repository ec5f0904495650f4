import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backgroundLoop } from './background-loop';

describe('backgroundLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a round at once, then after the delay each round resolves with', async () => {
    const delays = [100, 300];
    const startedAt: number[] = [];
    const loop = backgroundLoop(async () => {
      startedAt.push(Date.now());
      return delays.shift() ?? 1_000;
    });
    const start = Date.now();

    await vi.advanceTimersByTimeAsync(400);

    expect(startedAt.map((at) => at - start)).toEqual([0, 100, 400]);
    await loop.stop(0);
  });

  it('starts no round once stopped, and leaves no timer behind', async () => {
    let rounds = 0;
    const loop = backgroundLoop(async () => {
      rounds++;
      return 10;
    });
    await vi.advanceTimersByTimeAsync(0);

    await loop.stop(0);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(rounds).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on stop, tells the running round and waits for it to end', async () => {
    let seen: AbortSignal | undefined;
    const loop = backgroundLoop((stopping) => {
      seen = stopping;
      return new Promise((resolve) => setTimeout(() => resolve(10), 50));
    });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;

    void loop.stop(1_000).then(() => (stopped = true));
    expect(seen?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(49);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stopped).toBe(true);
  });

  it('waits for a round that never ends at most the time given', async () => {
    const loop = backgroundLoop(() => new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;

    void loop.stop(200).then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(199);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stopped).toBe(true);
  });
});
