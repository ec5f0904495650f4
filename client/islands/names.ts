/** The interactive parts of the page; everything else stays static HTML. */
export type IslandName = 'menu' | 'contact';

/** Server render and hydration must use the same prefix, or useId values will not match. */
export const identifierPrefix = (name: IslandName) => `${name}-`;
