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
const PREFETCH_DELAY_MS = 2_000;

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
 * A while after the page has loaded, fetch the islands' code and stylesheets into the HTTP
 * cache without running any of it: the first tap on the menu then waits for no network, and
 * none of it competes with the page's own requests. Not when the visitor asked to save data.
 */
function prefetchAfterLoad() {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const prefetch = () => {
    const add = (href: string, crossOrigin: string | null) =>
      document.head.append(Object.assign(document.createElement('link'), { rel: 'prefetch', href, crossOrigin }));
    // Fetched in CORS mode, as the module loader will fetch them, so that every browser reuses them.
    for (const href of document.body.dataset.prefetch?.split(' ') ?? []) add(href, 'anonymous');
    for (const element of document.querySelectorAll<HTMLElement>('[data-stylesheet]'))
      add(element.dataset.stylesheet!, null);
  };
  // Not at once: a fast page can fire load before its first paint, and a request that ends
  // before that paint counts in Lighthouse's LCP estimate and delays it. Plain
  // setTimeout, as Lighthouse wraps requestIdleCallback and its first call costs a few ms.
  const afterLoad = () => setTimeout(prefetch, PREFETCH_DELAY_MS);
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) wakeOnUse(element);

prefetchAfterLoad();
