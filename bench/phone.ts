// A phone in a real Chromium, as the browser benches use it: Lighthouse's mobile CPU (4× slower),
// a 375 px screen, and a finger on the glass.
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, CDPSession, Page } from 'playwright-core';

const CPU_SLOWDOWN = 4;
/** After load, the page at rest: nothing of the islands is fetched before the first sign of intent (client/entry.ts). */
export const SETTLE_MS = 3_500;
/** A finger rests on the glass for a moment; a tap with no duration would hide what runs in between. */
const TOUCH_MS = 80;
const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export type Box = { x: number; y: number; width: number; height: number };
export const boxOf = async (page: Page, selector: string): Promise<Box> =>
  (await page.locator(selector).boundingBox())!;

/** `use` gets a fresh page at `url`, loaded and settled, with the CPU slowed; closed after. */
export async function onPhonePage<T>(
  browser: Browser,
  url: string,
  use: (page: Page, cdp: CDPSession) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    await delay(SETTLE_MS);
    return await use(page, cdp);
  } finally {
    await context.close();
  }
}

/**
 * A tap at the middle of `box`, as the browser's input pipeline sees a finger. Not Playwright's
 * tap(): its checks run script in the page, on the thread whose delays are being measured.
 */
export async function tap(cdp: CDPSession, box: Box) {
  const touchPoints = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
  await delay(TOUCH_MS);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
