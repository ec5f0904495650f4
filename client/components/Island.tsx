import { type ComponentType, createContext, use } from 'react';
import { renderToString } from 'react-dom/server';
import {
  type HydrateOn,
  type IslandName,
  type IslandStates,
  type IslandStylesheets,
  identifierPrefix,
} from '../islands/names';

/** Each island's own stylesheet URL (from the build manifest), fetched by the browser when it wakes. */
export const IslandStylesheetsContext = createContext<IslandStylesheets>({});

/** The state the request renders the islands with (see IslandStates); empty for the kept pages. */
export const IslandStatesContext = createContext<IslandStates>({});

type IslandProps<P extends object> = {
  name: IslandName;
  /** Also wake on the page's first scroll, or when the page opens near it; every island wakes on first use. */
  hydrateOn?: HydrateOn;
  component: ComponentType<P>;
  props: P;
};

/**
 * Server side of an island: the component is rendered in a root of its own, with the
 * same identifierPrefix the browser hydrates it with (client/entry.ts), so the rest of
 * the page never ships as JavaScript. Props travel in a data attribute, not in window.
 */
export function Island<P extends object>({ name, hydrateOn, component: Component, props }: IslandProps<P>) {
  const html = renderToString(<Component {...props} />, { identifierPrefix: identifierPrefix(name) });
  const serialized = Object.keys(props).length > 0 ? JSON.stringify(props) : undefined;
  const stylesheet = use(IslandStylesheetsContext)[name];
  return (
    <div
      data-island={name}
      data-hydrate={hydrateOn}
      data-props={serialized}
      data-stylesheet={stylesheet}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island, escaped by React.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
