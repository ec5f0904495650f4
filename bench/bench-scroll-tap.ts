// The first tap after a fast scroll, in a real Chromium with the CPU slowed 4× (Lighthouse's
// mobile profile): a visitor flings the page down to the contact form and taps the name field at
// once, while whatever the scroll set off (the island waking, sections laid out for the first
// time) may still hold the main thread. From the input to the next frame, as INP counts it.
import { setTimeout as delay } from 'node:timers/promises';
import { type Browser, type CDPSession, chromium } from 'playwright-core';
import { launchOptions } from '../scripts/launch/chromium';
import { interactionsOf, longestIn, observeInteractions, type Timed } from './event-timing';
import { type Box, boxOf, onPhonePage, SETTLE_MS, tap } from './phone';

/** A fast scroll: a wheel step of 400 px every 50 ms, 8,000 px/s, the page's 13,500 px to the form in under 2 s. */
const STEP_PX = 400;
const STEP_MS = 50;
/** A wheel step's smooth scroll takes about 150 ms; the visitor taps as soon as the form stands still. */
const AT_REST_MS = 200;
/** Where the name field comes to rest, from the top of the screen. */
const FIELD_AT_PX = 300;
/** Event Timing reports an interaction after the frame that follows it, and a slow one later still. */
const REPORTED_MS = 1_500;

export type ScrollTapSample = {
  /** The tap, from the input to the next frame painted after its handlers; 0 when under 16 ms. */
  tapMs: number;
  /** Its longest event (pointerdown, pointerup, click…) with its input delay and handlers' time. */
  worst: Timed;
  /** Pages whose scroll ended elsewhere (a section laid out late moved the form): the tap missed, so redone. */
  missed: number;
};

/** A page whose scroll ends off target is taken again, this many times at most. */
const ATTEMPTS = 3;

/**
 * One fast scroll of `distance` pixels down: mouse-wheel steps sent as the browser's own input, no
 * script in the page, as fast as a flick. The compositor scrolls, and the sum of the steps is exact
 * whatever the load (Chromium's synthetic gestures ended thousands of pixels apart from one page to
 * the next on this busy machine, and its synthetic touch gestures did not scroll headless pages).
 * Then as long as the last step's smooth scroll takes to come to rest.
 */
async function fling(cdp: CDPSession, distance: number) {
  for (let left = distance; left > 0; left -= STEP_PX) {
    const deltaY = Math.min(STEP_PX, left);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: 187, y: 400, deltaX: 0, deltaY });
    await delay(STEP_MS);
  }
  await delay(AT_REST_MS);
}

const FIELD = '#contact [name="name"]';

/**
 * Where the fling must go and where the field then is, from a first page: the field's place once
 * every section above it has been laid out, then the same fling as the samples', then its box.
 */
function aim(browser: Browser, url: string) {
  return onPhonePage(browser, url, async (page, cdp) => {
    await page.evaluate((selector) => document.querySelector(selector)!.scrollIntoView(), FIELD);
    await delay(1_000);
    await page.evaluate(() => scrollTo(0, 0));
    await delay(1_000);
    const distance = Math.round((await boxOf(page, FIELD)).y - FIELD_AT_PX);
    await page.reload({ waitUntil: 'load' });
    await delay(SETTLE_MS);
    await fling(cdp, distance);
    await delay(1_000);
    return { distance, field: await boxOf(page, FIELD) };
  });
}

/** One fresh page: scroll to the form, tap the field the moment the scroll ends, read Event Timing after. */
function attempt(browser: Browser, url: string, distance: number, field: Box) {
  return onPhonePage(browser, url, async (page, cdp) => {
    await page.evaluate(observeInteractions);
    // Nothing runs in the page between the fling and the tap: a script would wait for the very
    // main thread under measurement, and the tap would come only once it is free.
    await fling(cdp, distance);
    await tap(cdp, field);
    await delay(REPORTED_MS);
    const worst = longestIn([...(await interactionsOf(page)).values()]);
    const focused = await page.evaluate(
      (selector) => document.activeElement === document.querySelector(selector),
      FIELD,
    );
    return { tapMs: worst.duration, worst, focused };
  });
}

async function sample(browser: Browser, url: string, distance: number, field: Box): Promise<ScrollTapSample> {
  for (let missed = 0; ; missed++) {
    const { focused, ...figures } = await attempt(browser, url, distance, field);
    if (focused || missed + 1 === ATTEMPTS) return { ...figures, missed: focused ? missed : missed + 1 };
  }
}

/** `samples` fresh pages (figures only: bench.ts prints them). */
export async function measureScrollTaps(url: string, samples: number) {
  const browser = await chromium.launch(launchOptions());
  try {
    const { distance, field } = await aim(browser, url);
    const results: ScrollTapSample[] = [];
    for (let i = 0; i < samples; i++) results.push(await sample(browser, url, distance, field));
    return results;
  } finally {
    await browser.close();
  }
}
