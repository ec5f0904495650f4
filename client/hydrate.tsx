import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { identifierPrefix, type IslandName } from './islands/names';

/** Loaded only when an island wakes up: React itself is not part of the page's first load. */
export function hydrateIsland(element: HTMLElement, name: IslandName, Component: ComponentType<object>) {
  const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
  hydrateRoot(element, <Component {...props} />, { identifierPrefix: identifierPrefix(name) });
}
