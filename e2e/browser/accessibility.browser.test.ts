import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../../test/support/axe';
import { fillContactForm, submitButton } from '../../test/support/contact-page';
import { renderedPages } from '../../test/support/rendered-pages';
import { hydrateIslands, PHONE, siteForThisFile } from '../../test/support/site';
import { describeSmallTargets, smallTargets } from '../../test/support/target-size';
import { needs } from '../../test/support/tools';

const site = siteForThisFile();

/**
 * axe needs its own inline script, so only these contexts switch the CSP off. The landing page's
 * islands are woken first unless `asLoaded` asks for the page as it arrives.
 */
async function openForAxe(pathname: string, viewport = { width: 1280, height: 800 }, { asLoaded = false } = {}) {
  const { page } = await site.open(pathname, { viewport, bypassCSP: true });
  if (!asLoaded && (pathname === '/' || pathname.startsWith('/#'))) await hydrateIslands(page);
  return page;
}

async function expectNoViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('accessibility with axe-core, WCAG 2.2 A and AA', { timeout: 30_000, ...needs('chromium') }, () => {
  it('finds no violation on the landing page', async () => {
    await expectNoViolations(await openForAxe('/'));
  });

  // As Lighthouse judges it: the page just loaded, nothing scrolled or woken, so the sections
  // below the first screen are still skipped (content-visibility) and stand at their estimates.
  it.each([
    ['375 px', PHONE],
    ['768 px', { width: 768, height: 1024 }],
  ])('finds no violation on the landing page as it loads at %s', async (_width, viewport) => {
    await expectNoViolations(await openForAxe('/', viewport, { asLoaded: true }));
  });

  it('finds no violation with the mobile menu open at 375 px', async () => {
    const page = await openForAxe('/', PHONE);
    await page.locator('header .nav__toggle').click();
    await page.locator('header .nav__list').waitFor({ state: 'visible' });
    await expectNoViolations(page);
  });

  it('finds no violation while a toast is showing', async () => {
    const page = await openForAxe('/#contact');
    await fillContactForm(page, { name: 'Ana Souza', email: 'ana@empresa.com.br', message: 'Cotação para Belém.' });
    await submitButton(page).click();
    const toast = page.locator('.Toastify__toast');
    await toast.getByText('Solicitação enviada com sucesso!').waitFor();
    // Judge the toast as it rests, not halfway through its entrance.
    await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await expectNoViolations(page);
  });

  it('finds no violation on the not-found page', async () => {
    await expectNoViolations(await openForAxe('/nao-existe'));
  });

  it.each([
    ['1280 px', { width: 1280, height: 800 }],
    ['375 px', PHONE],
  ])('finds no violation on the privacy notice at %s', async (_width, viewport) => {
    await expectNoViolations(await openForAxe('/privacidade', viewport));
  });
});

// WCAG 2.2's 2.5.8, which axe does not measure (test/support/target-size.ts): on a phone, every link,
// button and field of every public page at least 24 × 24 px: stricter than the criterion, none leans on
// its spacing exception (only links inside a sentence are exempt, as it says).
describe('the targets of the public pages at 375 px', { timeout: 30_000, ...needs('chromium') }, () => {
  const TOUCH = { viewport: PHONE, hasTouch: true, isMobile: true };
  const expectNoSmallTargets = async (page: Page) => {
    const small = await smallTargets(page, { strict: true });
    expect(small, describeSmallTargets(small)).toEqual([]);
  };

  it.each(renderedPages.filter(({ form }) => !form))('are at least 24 × 24 px on $name', async ({ path }) => {
    const { page } = await site.open(path, TOUCH);
    await hydrateIslands(page);
    await expectNoSmallTargets(page);
  });

  it('are at least 24 × 24 px in the open menu and the combobox’s list', async () => {
    const { page } = await site.open('/', TOUCH);
    await page.locator('header .nav__toggle').click();
    await page.locator('header .nav__list').waitFor({ state: 'visible' });
    await expectNoSmallTargets(page);
    const quote = (await site.open('/cotacao', TOUCH)).page;
    await quote.locator('input[name="origin.city"]').focus();
    await quote.keyboard.type('bom jesus', { delay: 30 });
    await quote.locator('[role="listbox"]:not([hidden]) [role="option"]').first().waitFor();
    await expectNoSmallTargets(quote);
  });
});

describe('the structure assistive technology relies on', { timeout: 20_000, ...needs('chromium') }, () => {
  it('has one h1 and the header, nav, main and footer landmarks', async () => {
    const { page } = await site.open('/');
    await expect(page.locator('h1').count()).resolves.toBe(1);
    await expect(page.getByRole('banner').count()).resolves.toBe(1);
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(1);
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).count()).resolves.toBe(1);
  });

  it('labels every form field a person can reach', async () => {
    const { page } = await site.open('/');
    const unlabelled = await page.locator('input, textarea, select').evaluateAll((controls) =>
      controls
        // The honeypot is hidden from people and assistive technology on purpose.
        .filter(
          (control) => !control.closest('[aria-hidden="true"]') && (control as HTMLInputElement).type !== 'hidden',
        )
        .filter(
          (control) =>
            !(control as HTMLInputElement).labels?.length &&
            !control.getAttribute('aria-label') &&
            !control.getAttribute('aria-labelledby'),
        )
        .map((control) => control.outerHTML),
    );
    expect(unlabelled).toEqual([]);
    await expect(page.locator('#contact').getByRole('textbox').count()).resolves.toBe(5);
  });

  it('gives every image a text alternative or marks it decorative', async () => {
    const { page } = await site.open('/');
    const images = await page.locator('img, svg').evaluateAll((elements) =>
      elements
        .filter((element) => !element.closest('[aria-hidden="true"]'))
        .filter((element) => {
          if (element instanceof HTMLImageElement) return !element.hasAttribute('alt');
          return !(
            element.getAttribute('role') === 'img' &&
            (element.getAttribute('aria-label') || element.querySelector('title'))
          );
        })
        .map((element) => element.outerHTML.slice(0, 120)),
    );
    expect(images).toEqual([]);
  });
});
