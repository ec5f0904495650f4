// Event Timing, read back from a page: each interaction's duration from the input to the next
// frame painted after its handlers (what INP counts), its input delay and its handlers' time.
import type { Page } from 'playwright-core';

/** An Event Timing entry: its input delay, handlers' time and wait for the next paint add up to its duration. */
export type Timed = { name: string; interactionId: number; duration: number; delay: number; processing: number };
type Observed = Window & { timedEvents?: Timed[] };

/** Records every event entry with an interaction (Event Timing's floor is 16 ms; shorter ones read as 16). */
export const observeInteractions = () => {
  const timed: Timed[] = [];
  (window as Observed).timedEvents = timed;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      if (entry.interactionId)
        timed.push({
          name: entry.name,
          interactionId: entry.interactionId,
          duration: entry.duration,
          delay: entry.processingStart - entry.startTime,
          processing: entry.processingEnd - entry.processingStart,
        });
  }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
};

/** The interactions recorded so far, each as long as its longest event (a tap is pointerdown, pointerup, click…). */
export const interactionsOf = async (page: Page) => {
  const longestOf = new Map<number, Timed>();
  for (const entry of await page.evaluate(() => (window as Observed).timedEvents!))
    if (entry.duration > (longestOf.get(entry.interactionId)?.duration ?? -1))
      longestOf.set(entry.interactionId, entry);
  return longestOf;
};
export const NONE: Timed = { name: '-', interactionId: 0, duration: 0, delay: 0, processing: 0 };
export const newSince = (now: Map<number, Timed>, before: Map<number, Timed>) =>
  [...now.values()].filter((entry) => !before.has(entry.interactionId));
export const longestIn = (entries: Timed[]) =>
  entries.reduce((worst, entry) => (entry.duration > worst.duration ? entry : worst), NONE);
