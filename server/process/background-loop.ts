/** Resolves when `work` settles or after `timeoutMs`, whichever comes first; the timer never outlives it. */
async function waitAtMost(work: Promise<unknown> | undefined, timeoutMs: number) {
  let bound: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (bound = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(bound);
}

export type BackgroundLoop = {
  /** No round starts after this; waits up to `timeoutMs` for the one in progress. */
  stop(timeoutMs: number): Promise<void>;
};

/**
 * The background work's one timer loop (the outbox's dispatchers, the retention purge): `round`
 * runs at once, then again after the delay it resolves with, until stopped. A round must not
 * reject (it logs its own failures and says when to try again); `stopping` tells it to finish early.
 * The timer is owned: stop() clears it, so a stopped process has nothing left to wait for.
 */
export function backgroundLoop(round: (stopping: AbortSignal) => Promise<number>): BackgroundLoop {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (delayMs: number) => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      running = round(stopping.signal).then((nextMs) => {
        running = undefined;
        schedule(nextMs);
      });
    }, delayMs);
  };
  schedule(0);

  return {
    async stop(timeoutMs) {
      stopping.abort();
      clearTimeout(timer);
      await waitAtMost(running, timeoutMs);
    },
  };
}
