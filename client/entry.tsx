import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { identifierPrefix, type IslandName } from './islands/names';

// Each island is its own chunk, fetched only when the page has that island.
const loaders: Record<IslandName, () => Promise<{ default: ComponentType<object> }>> = {
  menu: () => import('./islands/HeaderMenu'),
  contact: () => import('./islands/ContactIsland'),
};

// Hydration waits for an idle moment so it never competes with the first paint.
const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 1);

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island as IslandName;
  whenIdle(async () => {
    const { default: Component } = await loaders[name]();
    const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
    hydrateRoot(element, <Component {...props} />, { identifierPrefix: identifierPrefix(name) });
  });
}
