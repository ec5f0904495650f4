import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';

/** What the server answered one POST: a POST-redirect-GET's status and where it sent the browser. */
type Answer = { status: number; location?: string };

/**
 * A person's slip on a slow phone network: `press` once, and again before the first answer is back.
 * Each POST to `url` goes on to the server (Playwright's route.fetch, with the page's cookies and
 * headers), so the server surely gets both, as it does when the first request's bytes are already
 * on their way. The first answer is held until the second POST has left the browser: by then the
 * browser has dropped the first navigation, as it does for a person's second press. Released as soon
 * as the second press returned instead, under load the first answer could still land, and its
 * redirect be cut by the second's. Resolves with each answer, in order.
 */
export async function pressedTwice(page: Page, url: string, press: () => Promise<unknown>) {
  const answers: Answer[] = [];
  let firstAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (firstAnswered = resolve));
  let secondSent!: () => void;
  const second = new Promise<void>((resolve) => (secondSent = resolve));
  let sent = 0;
  const forward = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (++sent === 2) secondSent();
    const response = await route.fetch({ maxRedirects: 0 });
    answers.push({ status: response.status(), location: response.headers().location });
    if (answers.length === 1) {
      firstAnswered();
      await second;
    }
    // The browser dropped the first navigation when the second began: its answer has nowhere to go.
    await route.fulfill({ response }).catch(() => undefined);
  };
  await page.route(url, forward);
  try {
    await press();
    await answered;
    await press();
    // The second answer is a transaction on a machine busy with the whole suite: not a figure to assert.
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(2);
  } finally {
    await page.unroute(url, forward);
  }
  return answers;
}
