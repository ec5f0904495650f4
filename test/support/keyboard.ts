import type { Page } from 'playwright-core';

export type Stop = { name: string; outline: boolean; inView: boolean; obscuredBy: string | null };

/** What the focused element is, and whether a sighted keyboard user can see where the focus is. */
export const focusedStop = (page: Page) =>
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
export async function tabThroughPage(page: Page) {
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
