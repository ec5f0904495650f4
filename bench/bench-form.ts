// Filling in the contact form and pressing "Enviar" in a real Chromium with the CPU slowed 4×
// (Lighthouse's mobile profile): each interaction's duration as the Event Timing API reports it,
// from the input to the next frame painted after its handlers (what INP counts), and the longest.
import { setTimeout as delay } from 'node:timers/promises';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { launchOptions } from '../scripts/launch/chromium';
import { interactionsOf, longestIn, newSince, observeInteractions, type Timed } from './event-timing';
import { type Box, boxOf, onPhonePage, tap } from './phone';

/** A quick typist on a phone: about five keys a second. */
const KEY_MS = 200;
/** Time for the answer to the post, and its toast, to arrive before the figures are read. */
const AFTER_SUBMIT_MS = 2_000;
/** Event Timing reports an interaction after the frame that follows it: wait that long before reading. */
const REPORTED_MS = 500;
const TYPED = { name: 'Maria Souza', email: 'maria@exemplo.com.br', message: 'Carga de Campinas a Belém.' };

export type FormSample = {
  /** The tap on the hero's "Solicitar cotação", which jumps to the form; 0 when under 16 ms. */
  ctaMs: number;
  /**
   * The longest interaction in the form, what INP is when a page has fewer than 50; 0 when every
   * one took under 16 ms.
   */
  longestMs: number;
  /** Which input that was ("keydown", "pointerup"…), with its input delay and its handlers' time. */
  longest: Timed;
  /** The tap on "Enviar"; 0 when under 16 ms. */
  submitMs: number;
  /** How many interactions took 16 ms or more, of the `inputs` made. */
  slow: number;
  inputs: number;
};

/** Resolves once the page has stopped scrolling (the jump to the form is smooth). */
async function scrolled(page: Page) {
  let last = Number.NaN;
  for (let now = await page.evaluate(() => scrollY); now !== last; now = await page.evaluate(() => scrollY)) {
    last = now;
    await delay(250);
  }
}

/**
 * Taps into a field and types, with the browser's own input (`tap`, the keyboard), not Playwright's
 * locators, whose checks run script on the thread being measured; for the same reason the boxes
 * are measured before the taps, not between them.
 */
async function fill(page: Page, cdp: CDPSession, box: Box, text: string) {
  await tap(cdp, box);
  await page.keyboard.type(text, { delay: KEY_MS });
}

/**
 * One fresh page: the visitor taps the floating "Fale conosco", which jumps to the form (the hero's
 * "Solicitar cotação" leads to /cotacao, docs/requirements.md §1), then,
 * when `waitForIsland`, waits until its island is live; otherwise starts typing at once, while it
 * wakes (its code is in the HTTP cache by then).
 */
function sample(browser: Browser, url: string, waitForIsland: boolean): Promise<FormSample> {
  return onPhonePage(browser, url, async (page, cdp) => {
    await page.evaluate(observeInteractions);

    await tap(cdp, await boxOf(page, 'a.floating-contact[href="#contact"]'));
    await page.waitForURL(/#contact$/);
    await scrolled(page);
    const arrived = await interactionsOf(page);
    if (waitForIsland)
      await page.waitForSelector('[data-island="contact"][data-hydrated="true"]', { state: 'attached' });
    const field = (name: string) => boxOf(page, `#contact [name="${name}"]`);
    const boxes = { name: await field('name'), email: await field('email'), message: await field('message') };
    const submit = await boxOf(page, '#contact button[type="submit"]');
    for (const name of ['name', 'email', 'message'] as const) await fill(page, cdp, boxes[name], TYPED[name]);
    await delay(REPORTED_MS);
    const typed = await interactionsOf(page);
    await delay(REPORTED_MS);
    await tap(cdp, submit);
    await delay(AFTER_SUBMIT_MS);

    const all = await interactionsOf(page);
    const inForm = newSince(all, arrived);
    const longest = longestIn(inForm);
    return {
      ctaMs: longestIn([...arrived.values()]).duration,
      longestMs: longest.duration,
      longest,
      submitMs: longestIn(newSince(all, typed)).duration,
      slow: inForm.length,
      // Three taps, each key of the text, and the tap on "Enviar".
      inputs: 4 + Object.values(TYPED).join('').length,
    };
  });
}

/** Both ways of arriving at the form, on `samples` fresh pages each (figures only: bench.ts prints them). */
export async function measureFormInteractions(url: string, samples: number) {
  const browser = await chromium.launch(launchOptions());
  try {
    const results = { arriving: [] as FormSample[], live: [] as FormSample[] };
    for (let i = 0; i < samples; i++) {
      results.arriving.push(await sample(browser, url, false));
      results.live.push(await sample(browser, url, true));
    }
    return results;
  } finally {
    await browser.close();
  }
}
