import type { Locator } from 'playwright-core';

// Where things stand on a page as a person sees it: the room between two blocks, and how far down
// the page a block starts. For the layout a screenshot shows (docs/requirements.md §4.6, §6.3, §9.6).

/** The top of `target` in the page, in CSS px from the top of the document. */
export const topOf = (target: Locator) =>
  target.evaluate((element) => Math.round(element.getBoundingClientRect().top + window.scrollY));

/** The room between the bottom of `upper` and the top of `lower`, in CSS px (negative: they overlap). */
export async function gapBetween(upper: Locator, lower: Locator) {
  const [above, below] = await Promise.all([upper.boundingBox(), lower.boundingBox()]);
  if (!above || !below) throw new Error('um dos blocos não está na página');
  return Math.round(below.y - (above.y + above.height));
}
