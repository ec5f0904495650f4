import type { ComponentType } from 'react';
import type { IslandName } from './islands/names';

// This file is all the page runs at load; React and each island are chunks fetched on demand.
const loaders: Record<IslandName, () => Promise<{ default: ComponentType<object> }>> = {
  menu: () => import('./islands/HeaderMenu'),
  contact: () => import('./islands/ContactIsland'),
  quote: () => import('./islands/QuoteIsland'),
  // Its props (the positions, the retention) are required: the server renders it with them, always.
  application: () => import('./islands/ApplicationIsland') as Promise<{ default: ComponentType<object> }>,
};

// A bare click counts too: screen readers, voice and switch control click without hovering
// or focusing first.
const INTERACTIONS = ['pointerover', 'touchstart', 'focusin', 'click'] as const;

/** An island's own stylesheet, added when it wakes; resolves once applied (or failed: never block on it). */
function loadStylesheet(href: string | undefined) {
  if (!href) return Promise.resolve();
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  const applied = new Promise((resolve) => {
    link.addEventListener('load', resolve);
    link.addEventListener('error', resolve);
  });
  document.head.append(link);
  return applied;
}

/**
 * Wakes the island on its first sign of use, or, if it asks to, on the page's first scroll or near the screen.
 * After a failed download (a flaky mobile network) the next interaction tries again.
 */
function wakeOnUse(element: HTMLElement) {
  const name = element.dataset.island as IslandName;
  let pendingClick: HTMLButtonElement | undefined;
  // A tap can land before React does: remember a click on a plain button and replay it. Links,
  // the form's submit button and a button that opens a popover need no replay: the browser
  // acts on them without React (popoverTargetElement is undefined where it has no popovers).
  const rememberClick = (event: Event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[type="button"]');
    if (button && !button.popoverTargetElement) pendingClick = button;
  };
  element.addEventListener('click', rememberClick, { capture: true });

  const triggers = new AbortController();
  const hydrate = async () => {
    const [{ hydrateIsland }, { default: Component }] = await Promise.all([
      import('./hydrate'),
      loaders[name](),
      loadStylesheet(element.dataset.stylesheet),
    ]);
    triggers.abort();
    element.removeEventListener('click', rememberClick, { capture: true });
    hydrateIsland(element, name, Component);
    pendingClick?.click();
  };
  // biome-ignore lint/correctness/noUnusedVariables: read by the ??= below, which Biome does not count as a read.
  let waking: Promise<void> | undefined;
  const start = () => {
    waking ??= hydrate().catch((error: unknown) => {
      waking = undefined;
      pendingClick = undefined;
      console.error(`a ilha "${name}" não pôde ser carregada; nova tentativa na próxima interação`, error);
    });
  };

  for (const type of INTERACTIONS) element.addEventListener(type, start, { passive: true, signal: triggers.signal });
  if (element.dataset.hydrate === 'visible') {
    // The page's first scroll wakes it, long before a fast scroll brings it into view: woken only
    // as it came near, its start held the main thread when the visitor tapped a field, and the tap
    // waited for it on a slow phone (the first tap's target, docs/performance.md).
    addEventListener('scroll', start, { once: true, passive: true, signal: triggers.signal });
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      { rootMargin: '400px' },
    );
    // The wrapper is display: contents and has no box of its own to intersect: watch what it holds.
    observer.observe(element.firstElementChild ?? element);
    triggers.signal.addEventListener('abort', () => observer.disconnect());
  }
}

/**
 * A press or a key on a link is a way out: the navigation would cancel the downloads it began, and
 * the next page fetches its own. A scroll, or a press anywhere else, still counts.
 */
const leavesThePage = (event: Event) => (event.target as Element).closest?.('a[href]');

/** The visitor's first sign of using the page, whatever its part: a scroll, a press, a key. */
const INTENT = ['scroll', 'pointerdown', 'touchstart', 'keydown'] as const;

/**
 * At that first sign, fetch and run the code of every island on the page without waking them: one
 * woken later (the menu, after a scroll) then waits for no network. Dynamic imports are shared,
 * so an island woken by the same scroll fetches nothing twice. Not at load: ten prefetches begun
 * in one task, two seconds after load, held a slow phone's main thread for over 50 ms, for
 * visitors who may never use an island (docs/performance.md, "What the first paint costs"). Not
 * when the visitor asked to save data: then an island fetches its code when it wakes.
 */
function fetchCodeOnIntent(names: IslandName[]) {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const intent = new AbortController();
  const fetchAll = (event: Event) => {
    if (leavesThePage(event)) return;
    intent.abort();
    // A failed download is the island's to try again when it wakes (wakeOnUse).
    for (const name of names) Promise.all([import('./hydrate'), loaders[name]()]).catch(() => undefined);
  };
  for (const type of INTENT) addEventListener(type, fetchAll, { capture: true, passive: true, signal: intent.signal });
}

const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
for (const element of islands) wakeOnUse(element);
fetchCodeOnIntent(islands.map((element) => element.dataset.island as IslandName));
