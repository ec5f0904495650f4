// The phone menu's tap-to-open latency in a real Chromium with the CPU slowed 4× (Lighthouse's
// mobile profile): from the finger leaving the screen to the frame that shows the first link.
import { setTimeout as delay } from 'node:timers/promises';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { launchOptions } from '../scripts/launch/chromium';
import { boxOf, onPhonePage, tap } from './phone';

type Probed = Window & { tapToOpen?: Promise<number> };

/**
 * Arms the page: `tapToOpen` resolves with the milliseconds from the next pointerup to the end of
 * the first frame in which the menu's first link has a box (a timeout queued from that frame's
 * requestAnimationFrame runs once it has been painted). No named function inside: tsx would wrap
 * it in a helper (__name) that the page does not have.
 */
const armProbe = () => {
  (window as Probed).tapToOpen = new Promise<number>((resolve) => {
    const link = document.querySelector<HTMLElement>('header .nav__list a')!;
    addEventListener(
      'pointerup',
      async (event) => {
        while (link.getBoundingClientRect().height === 0) await new Promise(requestAnimationFrame);
        await new Promise((painted) => setTimeout(painted));
        resolve(performance.now() - event.timeStamp);
      },
      { capture: true, once: true },
    );
  });
};
const tapToOpen = () => (window as Probed).tapToOpen!;

const tapToggle = async (page: Page, cdp: CDPSession) => tap(cdp, await boxOf(page, 'header .nav__toggle'));

/** One fresh page: the first tap (island asleep, its code cached), then a tap with the island live. */
function sample(browser: Browser, url: string) {
  return onPhonePage(browser, url, async (page, cdp) => {
    await page.evaluate(armProbe);
    await tapToggle(page, cdp);
    const firstMs = await page.evaluate(tapToOpen);

    await page.waitForSelector('[data-island="menu"][data-hydrated="true"]');
    await page.keyboard.press('Escape');
    await page.locator('header .nav__list').waitFor({ state: 'hidden' });
    await delay(500);
    await page.evaluate(armProbe);
    await tapToggle(page, cdp);
    return { firstMs, hydratedMs: await page.evaluate(tapToOpen) };
  });
}

/** Both taps on `samples` fresh pages, one result per page (figures only: bench.ts prints them). */
export async function measureMenuTaps(url: string, samples: number) {
  const browser = await chromium.launch(launchOptions());
  try {
    const results = [];
    for (let i = 0; i < samples; i++) results.push(await sample(browser, url));
    return results;
  } finally {
    await browser.close();
  }
}
