import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  FULL_REQUEST,
  field,
  fillContactForm,
  isContactPost,
  submitButton,
  successToast,
} from '../../test/support/contact-page';
import { LEADS_TO } from '../../test/support/instance';
import { ADMIN_TOKEN, bearer } from '../../test/support/leads';
import { startLossyProxy } from '../../test/support/lossy-proxy';
import { startProxy } from '../../test/support/proxy';
import { startServer } from '../../test/support/server-process';
import { browserForThisFile, hydrateIslands, PHONE, storedContacts, unexpected } from '../../test/support/site';
import { notReceipts, startSmtp } from '../../test/support/smtp';
import { needs } from '../../test/support/tools';
import { eventually, freePort } from '../../test/support/wait';
import { startWebhookReceiver, WEBHOOK_SECRET } from '../../test/support/webhooks';

// docs/requirements.md §4.1: one lead per intent. The real form in Chromium against the built
// server with both channels on: every lead stored is one row, one e-mail to the SMTP server and one
// webhook that the standardwebhooks library verifies.

const browser = browserForThisFile();

/** The built server e-mailing a real SMTP server and posting to a real receiver; through HAProxy if asked. */
async function siteWithChannels({ proxied = false } = {}) {
  const smtp = await startSmtp();
  const receiver = await startWebhookReceiver();
  const server = await startServer({
    SMTP_URL: smtp.url,
    LEADS_TO: LEADS_TO.join(','),
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET,
    ADMIN_TOKEN,
    // Not about the limits: they stay out of the way.
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_HOUR: '0',
  });
  onTestFinished(() => void server.stop());
  const direct = new URL(server.url).host;
  const url = proxied ? (await startProxy({ replicas: [direct, direct], port: await freePort() })).url : server.url;

  /** Rows, e-mails and webhooks, once the outbox has sent everything stored (each lead's rows are due at once). */
  const counts = async () => {
    await eventually(async () => {
      // The outbox's counts are the token's to read, on /metrics (docs/requirements.md §10.7).
      const metrics = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: bearer } })).text();
      const pending = metrics.match(/^site_outbox_pending\{.*\} \d+$/gm) ?? [];
      expect(pending).not.toEqual([]);
      expect(pending.filter((line) => !line.endsWith(' 0'))).toEqual([]);
    }, 15_000);
    expect(receiver.rejected).toEqual([]);
    const rows = (await storedContacts(server.dataDir)).length;
    return { rows, emails: notReceipts(smtp.messages).length, webhooks: receiver.deliveries.length };
  };
  return { url, dataDir: server.dataDir, counts };
}

/** The form, filled in and live, on a page of `url`; `posts` counts what the browser sent to the API. */
async function filledForm(url: string, options: Parameters<typeof browser.open>[1] = {}) {
  const { page, problems } = await browser.open(`${url}/#contact`, options);
  await hydrateIslands(page);
  await fillContactForm(page, FULL_REQUEST);
  let posts = 0;
  page.on('request', (request) => {
    if (isContactPost(request.url(), request.method())) posts++;
  });
  return { page, problems, posts: () => posts };
}

/** The visitor's view of a success: one toast once any earlier one has gone (its exit animation ends), fields emptied. */
async function shownSuccess(page: Page) {
  await successToast(page).first().waitFor();
  const toasts = page.locator('.Toastify [role="status"], .Toastify [role="alert"]');
  await expect.poll(() => toasts.count(), { timeout: 3_000 }).toBe(1);
  await expect(field(page, 'name').inputValue()).resolves.toBe('');
}

const ONE = { rows: 1, emails: 1, webhooks: 1 };

describe('one lead per intent, in Chromium', { timeout: 60_000, ...needs('chromium') }, () => {
  // Through HAProxy only where HAProxy is installed: the direct case runs everywhere.
  for (const [how, proxied, options] of [
    ['directly', false, {}],
    ['through HAProxy', true, needs('chromium', 'haproxy')],
  ] as const)
    it(`stores a double click on "Enviar" once, ${how}`, options, async () => {
      const site = await siteWithChannels({ proxied });
      const { page, problems, posts } = await filledForm(site.url);

      await submitButton(page).dblclick();

      await shownSuccess(page);
      await expect(site.counts()).resolves.toEqual(ONE);
      expect(posts()).toBe(1);
      expect(problems).toEqual([]);
    });

  it('stores a double tap once', async () => {
    const site = await siteWithChannels();
    const { page, posts } = await filledForm(site.url, { viewport: PHONE, hasTouch: true, isMobile: true });
    await submitButton(page).scrollIntoViewIfNeeded();
    const box = (await submitButton(page).boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];

    // Two whole taps, each a touch down and up, sent one after the other without waiting for the
    // page in between, as a thumb's reach a busy phone (page.touchscreen.tap waits for each event).
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchEnd', touchPoints: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
    await Promise.all([
      touch('touchStart', [{ x, y }]),
      touch('touchEnd', []),
      touch('touchStart', [{ x, y }]),
      touch('touchEnd', []),
    ]);

    await shownSuccess(page);
    await expect(site.counts()).resolves.toEqual(ONE);
    expect(posts()).toBe(1);
  });

  it('stores Enter pressed twice in a field once', async () => {
    const site = await siteWithChannels();
    const { page, posts } = await filledForm(site.url);
    await field(page, 'company').focus();

    await Promise.all([page.keyboard.press('Enter'), page.keyboard.press('Enter')]);

    await shownSuccess(page);
    await expect(site.counts()).resolves.toEqual(ONE);
    expect(posts()).toBe(1);
  });

  it('stores once a request whose reply was lost, resent by the visitor after the error', async () => {
    const site = await siteWithChannels();
    // The server stores the first request and answers it, and so the island's three automatic
    // retries (1 s, 2 s, 4 s), but the connection drops before any answer reaches the browser.
    let posted = 0;
    const lossy = await startLossyProxy(site.url, (req) => req.method === 'POST' && ++posted <= 4);
    const { page, problems, posts } = await filledForm(lossy.url);

    await submitButton(page).click();
    const error = page.locator('.Toastify [role="alert"]');
    await error.waitFor({ timeout: 15_000 });
    await expect(error.textContent()).resolves.toContain('Tente novamente mais tarde.');
    await expect(field(page, 'name').inputValue()).resolves.toBe(FULL_REQUEST.name);
    expect([lossy.lost(), (await storedContacts(site.dataDir)).length]).toEqual([4, 1]);
    await submitButton(page).click();

    // The error toast gives way to the success: one toast for the one outcome that stands.
    await shownSuccess(page);
    expect(posts()).toBe(5);
    await expect(site.counts()).resolves.toEqual(ONE);
    expect(
      unexpected(problems, /requestfailed: POST .*\/api\/contacts/, /ERR_(CONNECTION_RESET|EMPTY_RESPONSE)/),
    ).toEqual([]);
  });
});
