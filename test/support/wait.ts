import { setTimeout as sleep } from 'node:timers/promises';

export { freePort } from '../../scripts/launch/serve-built';

/** Polls `check` until it passes or `timeoutMs` runs out (then its last failure is thrown). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(20);
    }
  }
}
