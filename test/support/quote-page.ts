import type { Page } from 'playwright-core';
import { afterAPersonsTime } from './contact-page';

// The quote form at /cotacao as a visitor meets it (client/islands/QuoteForm.tsx).

export const cityField = (page: Page, place: 'origin' | 'destination') => page.locator(`input[name="${place}.city"]`);
export const ufField = (page: Page, place: 'origin' | 'destination') => page.locator(`select[name="${place}.state"]`);
export const quoteField = (page: Page, name: string) => page.locator(`form [name="${name}"]`);
export const quoteSubmit = (page: Page) => page.locator('form#lead-form button[type="submit"]');

/** The message under a field, found through its aria-describedby, as a screen reader finds it. */
export const quoteFieldError = (page: Page, name: string) =>
  quoteField(page, name).evaluate((control) => {
    const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('field__error'))
      ?.textContent;
  });

/**
 * A visitor's cargo and contact details, typed or chosen the same with or without JavaScript, taking
 * at least a person's fastest time since the page was rendered (as fillContactForm does).
 */
export async function fillCargoAndContact(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const control = quoteField(page, name).first();
    if ((await control.evaluate((element) => element.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
  await afterAPersonsTime(page);
}
