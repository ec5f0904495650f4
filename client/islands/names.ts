import type { ApplicationFormState } from '../../shared/application';
import type { ContactFormState } from '../../shared/contact-form';
import type { QuoteFormState } from '../../shared/quote-form';

/** The interactive parts of the page; everything else stays static HTML. */
export type IslandName = 'menu' | 'contact' | 'quote' | 'application';

/**
 * What the server renders an island with when a request calls for more than its defaults: the
 * contact form's outcome without JavaScript. The menu always starts closed, so it has none.
 */
export type IslandStates = { contact?: ContactFormState; quote?: QuoteFormState; application?: ApplicationFormState };

/** Each island's own stylesheet URL, from the build manifest (only the islands that have one). */
export type IslandStylesheets = Partial<Record<IslandName, string>>;

/**
 * An island's JavaScript is fetched and hydrated on the first sign of use (hover, touch, focus,
 * click); one that asks for 'visible' also wakes on the page's first scroll, long before it comes
 * into view, or when the page opens near it. Never at load, so React costs the first paint and the
 * main thread nothing.
 */
export type HydrateOn = 'visible';

/** Server render and hydration must use the same prefix, or useId values will not match. */
export const identifierPrefix = (name: IslandName) => `${name}-`;
