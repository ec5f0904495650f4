import type { Page } from 'playwright-core';

// WCAG 2.2's success criterion 2.5.8, Target Size (Minimum), which axe does not measure: every
// target at least 24 × 24 CSS px, or spaced so that a 24 px circle centred on it meets no other
// target nor another small target's circle, or inline in a sentence, or the browser's own control.
// https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html

/** A target that fails 2.5.8: what it is, its size, and what is too near it. */
export type SmallTarget = { target: string; width: number; height: number; near?: string };

const measure = (strict: boolean) => String.raw`(() => {
  const MIN = 24;
  const STRICT = ${strict};
  const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="option"], [role="checkbox"], [role="radio"], [role="tab"], [tabindex]:not([tabindex="-1"])';
  const name = (element) => {
    const text = (element.getAttribute('aria-label') || element.textContent || element.getAttribute('name') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return element.tagName.toLowerCase() + (element.getAttribute('type') ? '[' + element.getAttribute('type') + ']' : '') + (text ? ' “' + text + '”' : '');
  };
  const shown = (element) => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return false;
    // Off the page on purpose: the skip link until it is focused, the honeypot.
    if (box.right <= 0 || box.left >= document.documentElement.scrollWidth) return false;
    return true;
  };
  // Inline: a link whose line box is set by the text around it, in a sentence (2.5.8's exception).
  const inline = (element) => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
    let block = element.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    const own = (element.textContent || '').trim().length;
    const all = (block ? block.textContent || '' : '').trim().length;
    return all > own + 1;
  };
  // A link stretched over its card by an ::after at inset 0 (the inbox's cards): the card is what a thumb presses.
  const boxOf = (element) => {
    const after = getComputedStyle(element, '::after');
    const stretched = after.content !== 'none' && after.position === 'absolute' && ['top', 'right', 'bottom', 'left'].every((side) => after[side] === '0px');
    return stretched && element.offsetParent ? element.offsetParent.getBoundingClientRect() : element.getBoundingClientRect();
  };
  const targets = [...document.querySelectorAll(selector)].filter(shown).map((element) => {
    const box = boxOf(element);
    return { element, box, x: box.left + box.width / 2, y: box.top + box.height / 2 };
  });
  // A circle of the minimum's diameter at the centre meets a box when the box's nearest point is nearer than the radius.
  const meets = (circle, box) => {
    const dx = Math.max(box.left - circle.x, 0, circle.x - box.right);
    const dy = Math.max(box.top - circle.y, 0, circle.y - box.bottom);
    return dx * dx + dy * dy < (MIN / 2) * (MIN / 2);
  };
  const small = (t) => t.box.width < MIN - 0.01 || t.box.height < MIN - 0.01;
  const failing = [];
  for (const target of targets) {
    if (!small(target) || inline(target.element)) continue;
    const other = targets.find((o) => o !== target && !o.element.contains(target.element) && !target.element.contains(o.element) &&
      (meets(target, o.box) || (small(o) && Math.hypot(o.x - target.x, o.y - target.y) < MIN)));
    // Alone in its 24 px circle, an undersized target passes by its spacing (unless asked to be strict).
    if (!other && !STRICT) continue;
    failing.push({ target: name(target.element), width: Math.round(target.box.width * 10) / 10, height: Math.round(target.box.height * 10) / 10, near: other ? name(other.element) : 'nothing' });
  }
  return failing;
})()`;

/**
 * Every target of the page as it stands that fails 2.5.8 (none when every one passes); `strict`, every
 * target under 24 × 24 px but links inside a sentence, whatever the space around it.
 */
export const smallTargets = (page: Page, { strict = false } = {}): Promise<SmallTarget[]> =>
  page.evaluate(measure(strict));

/** One line per failing target, for the assertion's message. */
export const describeSmallTargets = (targets: SmallTarget[]) =>
  targets.map(({ target, width, height, near }) => `${target}: ${width} × ${height} px, near ${near}`).join('\n');
