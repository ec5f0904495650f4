import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { spokenState } from '../../test/support/accessibility-tree';
import { hydrateIslands, PHONE, siteForThisFile, unexpected, WAKE_WITHIN_MS } from '../../test/support/site';
import { needs } from '../../test/support/tools';

const site = siteForThisFile();

const toggle = (page: Page) => page.locator('header .nav__toggle');
const menuList = (page: Page) => page.locator('header .nav__list');
const isHydrated = (page: Page) => page.locator('[data-island="menu"]').getAttribute('data-hydrated');
/** A tap's wake-up, polled as long as hydrateIslands waits: under the whole suite a second was not always enough. */
const WAKE = { timeout: WAKE_WITHIN_MS };

/** What a screen reader is told about the button, from Chromium's accessibility tree. */
const spokenToggle = (page: Page) => spokenState(page, 'header .nav__toggle');
const CLOSED = { role: 'button', name: 'Abrir menu', expanded: false };
const OPEN = { role: 'button', name: 'Fechar menu', expanded: true };

async function openPhonePage() {
  const opened = await site.open('/', { viewport: PHONE });
  await hydrateIslands(opened.page);
  return opened;
}

/** The section's top edge, relative to the viewport, once smooth scrolling has settled. */
const sectionTop = (page: Page, id: string) =>
  page.locator(`#${id}`).evaluate((section) => section.getBoundingClientRect().top);

describe('the mobile menu at 375 px', { timeout: 20_000, ...needs('chromium') }, () => {
  it('starts closed and says so, before and after its island has hydrated', async () => {
    const { page, problems } = await site.open('/', { viewport: PHONE });
    // The server leaves aria-expanded to the browser, which derives it from the popover.
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBeNull();
    await expect(spokenToggle(page)).resolves.toEqual(CLOSED);
    const controlled = await toggle(page).getAttribute('aria-controls');
    await expect(menuList(page).getAttribute('id')).resolves.toBe(controlled);
    await expect(menuList(page).isVisible()).resolves.toBe(false);

    await hydrateIslands(page);
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(spokenToggle(page)).resolves.toEqual(CLOSED);
    expect(problems).toEqual([]);
  });

  it('opens on the first tap before its island has hydrated, and the island takes it over open', async () => {
    const { page, problems } = await site.open('/', { viewport: PHONE });
    await menuList(page).evaluate((list) => {
      (window as Window & { toggles?: string[] }).toggles = [];
      list.addEventListener('toggle', (event) =>
        (window as Window & { toggles?: string[] }).toggles!.push((event as ToggleEvent).newState),
      );
    });
    await expect(isHydrated(page)).resolves.toBeNull();
    await toggle(page).click();
    // Open in the very frame of the tap: the browser needs no script for it.
    await expect(menuList(page).isVisible()).resolves.toBe(true);
    await expect(spokenToggle(page)).resolves.toEqual(OPEN);
    await expect(menuList(page).getByRole('link').count()).resolves.toBe(9);

    // The tap also woke the island: it writes aria-expanded for the state it found, never closing the list.
    await expect.poll(() => isHydrated(page), WAKE).toBe('true');
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('true');
    await expect(menuList(page).isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => (window as Window & { toggles?: string[] }).toggles)).resolves.toEqual(['open']);

    await toggle(page).click();
    await menuList(page).waitFor({ state: 'hidden' });
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('false');
    await expect(spokenToggle(page)).resolves.toEqual(CLOSED);
    expect(problems).toEqual([]);
  });

  it('hangs right under the header bar, where the page is scrolled too', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    const gap = () =>
      page.evaluate(
        () =>
          document.querySelector('header .nav__list')!.getBoundingClientRect().top -
          document.querySelector('header .site-header__bar')!.getBoundingClientRect().bottom,
      );
    await toggle(page).click();
    await expect.poll(gap).toBeCloseTo(0, 0);
    // The contact bar above scrolls away and the header bar moves up: the list follows it.
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await expect.poll(gap).toBeCloseTo(0, 0);
  });

  it('opens on a bare click, with no hover or focus first, as screen readers and voice control send it', async () => {
    const { page, problems } = await site.open('/', { viewport: PHONE });
    await toggle(page).dispatchEvent('click');
    await menuList(page).waitFor({ state: 'visible' });
    await expect(spokenToggle(page)).resolves.toEqual(OPEN);
    expect(problems).toEqual([]);
  });

  it('opens, shows the nine links and closes again without JavaScript', async () => {
    const { page } = await site.open('/', { viewport: PHONE, javaScriptEnabled: false });
    await toggle(page).click();
    await expect(menuList(page).isVisible()).resolves.toBe(true);
    await expect(menuList(page).getByRole('link').count()).resolves.toBe(9);
    await expect(spokenToggle(page)).resolves.toEqual(OPEN);
    // The icon follows too: the stylesheet reads the popover's state.
    await expect(toggle(page).locator('svg:visible').count()).resolves.toBe(1);
    await expect(toggle(page).locator('svg.nav__when-open').isVisible()).resolves.toBe(true);

    await toggle(page).click();
    await menuList(page).waitFor({ state: 'hidden' });
    await expect(spokenToggle(page)).resolves.toEqual(CLOSED);

    await toggle(page).click();
    await page.keyboard.press('Escape');
    await menuList(page).waitFor({ state: 'hidden' });
    await toggle(page).click();
    await page.mouse.click(PHONE.width / 2, PHONE.height - 100);
    await menuList(page).waitFor({ state: 'hidden' });
    await expect(spokenToggle(page)).resolves.toEqual(CLOSED);
  });

  it('still opens when its code fails to download, and the island wakes on a later tap', async () => {
    const { page, problems } = await site.open('/', { viewport: PHONE });
    let refused = 0;
    await page.route(/\/HeaderMenu-[^/]*\.js$/, (route) => (refused++ === 0 ? route.abort() : route.continue()));

    await toggle(page).click();
    await expect(menuList(page).isVisible()).resolves.toBe(true);
    await expect
      .poll(() => problems.some((problem) => problem.includes('não pôde ser carregada')), { timeout: 5_000 })
      .toBe(true);
    await expect(isHydrated(page)).resolves.toBeNull();
    await toggle(page).click();
    await menuList(page).waitFor({ state: 'hidden' });

    await toggle(page).click();
    await expect.poll(() => isHydrated(page), WAKE).toBe('true');
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('true');
    await expect(menuList(page).isVisible()).resolves.toBe(true);
    expect(refused).toBe(2);
    // Only the refused download and the island's own report of it.
    expect(unexpected(problems, /HeaderMenu-.*\.js/, /net::ERR_FAILED/, /não pôde ser carregada/)).toEqual([]);
  });

  it('in a browser without popovers, opens through its island on the first tap and closes on Escape', async () => {
    // Such a browser ignores the attributes and has none of the API: both are taken away here.
    const { page, problems } = await site.open('/', { viewport: PHONE }, async (page) => {
      await page.addInitScript(() => {
        delete (HTMLElement.prototype as Partial<HTMLElement>).popover;
        delete (HTMLButtonElement.prototype as Partial<HTMLButtonElement>).popoverTargetElement;
      });
      await page.route(/\/$/, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(/ popover(target)?="[^"]*"/g, '');
        await route.fulfill({ response, body: html });
      });
    });
    await expect(menuList(page).getAttribute('popover')).resolves.toBeNull();

    await toggle(page).click();
    await menuList(page).waitFor({ state: 'visible' });
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(spokenToggle(page)).resolves.toEqual(OPEN);
    await menuList(page).getByRole('link', { name: 'Início' }).focus();
    await page.keyboard.press('Escape');
    await menuList(page).waitFor({ state: 'hidden' });
    await expect(spokenToggle(page)).resolves.toEqual(CLOSED);
    await expect(toggle(page).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    expect(problems).toEqual([]);
  });

  it("fetches its code at the visitor's first scroll, not before, so a later tap waits for no download", async () => {
    const { page, problems } = await site.open('/', { viewport: PHONE });
    const resources = () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => {
          const { name, transferSize } = entry as PerformanceResourceTiming;
          return { path: new URL(name).pathname, transferSize };
        }),
      );
    const menuCode = async () => (await resources()).filter((entry) => /HeaderMenu-.*\.js$/.test(entry.path));
    // A visitor who only reads the first screen costs no download (two seconds after load was
    // when the page once fetched ahead).
    await page.waitForLoadState('load');
    await page.waitForTimeout(3_000);
    await expect(menuCode()).resolves.toEqual([]);

    await page.mouse.wheel(0, 300);
    await expect.poll(async () => (await menuCode()).length, { timeout: 10_000 }).toBe(1);
    await expect(isHydrated(page)).resolves.toBeNull();

    const before = (await resources()).length;
    await toggle(page).click();
    await menuList(page).waitFor({ state: 'visible' });
    await expect.poll(() => isHydrated(page), WAKE).toBe('true');
    // Its code was there already: the island's wake crossed the network for nothing.
    expect((await resources()).slice(before).filter((entry) => entry.transferSize > 0)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('fetches nothing ahead for a visitor who asked the browser to save data, and still opens on the first tap', async () => {
    const saving = await site.open('/', { viewport: PHONE }, async (page) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    });
    await expect(
      saving.page.evaluate(() => (navigator as Navigator & { connection: { saveData: boolean } }).connection.saveData),
    ).resolves.toBe(true);
    const menuCodeOf = (page: Page) =>
      page.evaluate(
        () => performance.getEntriesByType('resource').filter((entry) => /HeaderMenu-.*\.js$/.test(entry.name)).length,
      );

    // The yardstick: a page opened after this one, without the setting, fetches it at the same scroll.
    const { page } = await site.open('/', { viewport: PHONE });
    for (const each of [saving.page, page]) await each.mouse.wheel(0, 300);
    await expect.poll(() => menuCodeOf(page), { timeout: 10_000 }).toBe(1);
    await expect(menuCodeOf(saving.page)).resolves.toBe(0);

    await saving.page.mouse.wheel(0, -300);
    await toggle(saving.page).click();
    await menuList(saving.page).waitFor({ state: 'visible' });
    expect(saving.problems).toEqual([]);
  });

  it('closes when a link is clicked and scrolls to that section below the sticky header', async () => {
    const { page, problems } = await openPhonePage();
    await toggle(page).click();
    await menuList(page).getByRole('link', { name: 'Frota' }).click();

    await menuList(page).waitFor({ state: 'hidden' });
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await page.waitForURL(/#fleet$/);
    // Smooth scrolling takes a moment; the section ends up just under the header, not under it.
    await expect.poll(() => sectionTop(page, 'fleet'), { timeout: 5_000 }).toBeLessThan(150);
    const headerBottom = await page
      .locator('header .site-header__bar')
      .evaluate((bar) => bar.getBoundingClientRect().bottom);
    expect(await sectionTop(page, 'fleet')).toBeGreaterThanOrEqual(headerBottom - 1);
    expect(problems).toEqual([]);
  });

  it('closes on Escape and gives the focus back to the toggle', async () => {
    const { page } = await openPhonePage();
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await menuList(page).waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Início');

    await page.keyboard.press('Escape');
    await menuList(page).waitFor({ state: 'hidden' });
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(toggle(page).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
  });

  it('closes when the visitor taps outside it', async () => {
    const { page } = await openPhonePage();
    await toggle(page).click();
    await menuList(page).waitFor({ state: 'visible' });
    await page.mouse.click(PHONE.width / 2, PHONE.height - 100);
    await menuList(page).waitFor({ state: 'hidden' });
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('false');
  });
});
