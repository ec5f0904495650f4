import { type ComponentType, type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type IslandName, identifierPrefix } from './islands/names';

/**
 * Marks the island live once React has committed it (event handlers attached), so tests, and
 * anyone curious, can tell a live island from static HTML. It renders no element of its own.
 */
function MarkHydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset.hydrated = 'true';
  }, [element]);
  return children;
}

/** Loaded only when an island wakes up: React itself is not part of the page's first load. */
export function hydrateIsland(element: HTMLElement, name: IslandName, Component: ComponentType<object>) {
  const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
  hydrateRoot(
    element,
    <MarkHydrated element={element}>
      <Component {...props} />
    </MarkHydrated>,
    { identifierPrefix: identifierPrefix(name) },
  );
}
