import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, siteForThisFile } from '../../test/support/site';

const site = siteForThisFile();

type Stop = { name: string; outline: boolean; inView: boolean; obscuredBy: string | null };

/** What the focused element is, and whether a sighted keyboard user can see where the focus is. */
const focusedStop = (page: Page) =>
  page.evaluate(async (): Promise<Stop | null> => {
    // Two frames: focus styles that change with a transition have settled by then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    // The text a screen reader would read out: none of what is hidden from it or not displayed.
    const spoken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const parent = walker.currentNode.parentElement!;
      if (!parent.closest('[aria-hidden="true"]') && parent.checkVisibility())
        spoken.push(walker.currentNode.nodeValue!);
    }
    const name =
      element.getAttribute('name') ?? element.getAttribute('aria-label') ?? spoken.join('').trim().replace(/\s+/g, ' ');
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
    const box = element.getBoundingClientRect();
    // Partly is enough: Chromium scrolls a textarea only as far as its caret.
    const inView =
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.top < innerHeight &&
      box.right > 0 &&
      box.left < innerWidth;
    // WCAG 2.4.11: the focused element may not be hidden entirely, e.g. by the sticky header or floating button.
    const parts = [0.5, 0.1, 0.9];
    const hits = parts.flatMap((x) =>
      parts.map((y) => document.elementFromPoint(box.left + box.width * x, box.top + box.height * y)),
    );
    const seen = hits.some((hit) => hit && (element.contains(hit) || hit.contains(element)));
    const cover = hits.find((hit) => hit && !element.contains(hit));
    const obscuredBy = seen ? null : cover ? `${cover.tagName.toLowerCase()}.${cover.className}` : 'fora da tela';
    return { name: `${element.tagName.toLowerCase()} ${name}`.slice(0, 60), outline, inView, obscuredBy };
  });

/**
 * Presses Tab from the top of the page through every stop until the focus leaves the page,
 * then once more: the focus comes back to the first stop while the page is still scrolled
 * to the bottom, as when a visitor tabs back in from the browser's toolbar.
 */
async function tabThroughPage(page: Page) {
  const stops: Stop[] = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusedStop(page);
    if (stop) stops.push(stop);
    else {
      await page.keyboard.press('Tab');
      return [...stops, (await focusedStop(page))!];
    }
  }
  throw new Error('a tecla Tab nunca saiu da página');
}

const indexOf = (stops: Stop[], name: string) => stops.findIndex((stop) => stop.name === name);

describe('the page with the keyboard alone', { timeout: 30_000 }, () => {
  it('offers a skip link first, which moves the focus to the main content', async () => {
    const { page } = await site.open('/');
    await page.keyboard.press('Tab');
    const skip = await focusedStop(page);
    expect(skip).toMatchObject({ name: 'a Pular para o conteúdo', outline: true, inView: true, obscuredBy: null });

    await page.keyboard.press('Enter');
    await page.waitForURL(/#main$/);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await page.keyboard.press('Tab');
    // The next stop is inside main: the header is skipped.
    await expect(page.evaluate(() => Boolean(document.activeElement?.closest('main')))).resolves.toBe(true);
  });

  for (const [name, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    it(`reaches the menu, every form field and the submit button in order, with visible focus everywhere (${name})`, async () => {
      // Reduced motion makes each focus scroll instant, so every stop can be judged at once.
      // No hydration first: the islands wake as the focus reaches them, as for a real visitor.
      const { page, problems } = await site.open('/', { viewport, reducedMotion: 'reduce' });
      const stops = await tabThroughPage(page);

      const order = [
        viewport === PHONE ? indexOf(stops, 'button Abrir menu') : indexOf(stops, 'a Início'),
        ...['name', 'email', 'phone', 'company', 'message'].map((field) =>
          stops.findIndex((stop) => stop.name.endsWith(` ${field}`)),
        ),
        indexOf(stops, 'button Enviar solicitação'),
      ];
      expect(
        order.every((index) => index >= 0),
        JSON.stringify(stops.map((stop) => stop.name)),
      ).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(stops.at(-1)?.name, 'the focus came back to the skip link').toBe('a Pular para o conteúdo');
      // The honeypot field stays out of the tab order.
      expect(stops.some((stop) => stop.name.endsWith(' website'))).toBe(false);

      // Focus alone woke both islands on the way.
      // Hydration finishes on its own time after the focus arrives: wait for it, do not sample it.
      await expect.poll(() => page.locator('[data-island][data-hydrated="true"]').count()).toBe(2);
      const unseen = stops.filter((stop) => !stop.outline || !stop.inView || stop.obscuredBy);
      expect(unseen, 'stops without visible focus').toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  it('opens the phone menu from the keyboard and walks its links in order', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    await page.locator('header .nav__toggle').focus();
    await page.keyboard.press('Enter');
    await page.locator('header .nav__list').waitFor({ state: 'visible' });

    const links: Stop[] = [];
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab');
      links.push((await focusedStop(page))!);
    }
    expect(links.map((link) => link.name)).toEqual(
      [
        'Início',
        'Sobre',
        'Serviços',
        'Frota',
        'Tecnologia',
        'Áreas de atuação',
        'Certificações',
        'Trabalhe conosco',
        'Contato',
      ].map((label) => `a ${label}`),
    );
    expect(links.filter((link) => !link.outline || !link.inView || link.obscuredBy)).toEqual([]);
  });
});
