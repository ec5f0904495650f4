import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STAMP_FIELD } from '../../shared/contact-form';
import {
  CAMPAIGN_SOURCE,
  CAMPAIGN_VISIT,
  EMPTY,
  errorToast,
  FULL_REQUEST,
  field,
  fieldError,
  fieldValues,
  fillContactForm,
  isContactPost,
  openForm,
  submitButton,
  successToast,
} from '../../test/support/contact-page';
import { PHONE, siteForThisFile, storedContacts, unexpected, WAKE_WITHIN_MS } from '../../test/support/site';
import { needs } from '../../test/support/tools';

// No rate limit here: these tests are about the form, not about the limiter.
const site = siteForThisFile({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });

/** Holds the form's POST in the browser until release(); the server itself stays real. */
async function holdContactPost(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const held = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(
    (url) => new URL(url).pathname === '/api/contacts',
    async (route) => {
      arrived();
      await released;
      await route.continue();
    },
  );
  return { held, release };
}

describe('the contact form with JavaScript, against the real server', { timeout: 20_000, ...needs('chromium') }, () => {
  it('wakes on the page’s first scroll, while it is still screens away, so a fast scroll finds it live', async () => {
    const { page, problems } = await site.open('/', { viewport: PHONE });
    const island = page.locator('[data-island="contact"]');
    await expect(island.getAttribute('data-hydrated')).resolves.toBeNull();

    await page.mouse.wheel(0, 300);

    await island.and(page.locator('[data-hydrated="true"]')).waitFor({ state: 'attached', timeout: WAKE_WITHIN_MS });
    const screensAway = await page.evaluate(
      () => document.querySelector('#contact form')!.getBoundingClientRect().top / innerHeight,
    );
    expect(screensAway).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });

  it('shows "Enviando..." on a disabled button while the server is slow, then both toast texts, clears the fields and stores exactly the values typed', async () => {
    const { page, problems } = await openForm(site);
    const { held, release } = await holdContactPost(page);
    await fillContactForm(page, FULL_REQUEST);

    await submitButton(page).click();
    await held;
    await expect(submitButton(page).textContent()).resolves.toBe('Enviando...');
    await expect(submitButton(page).isDisabled()).resolves.toBe(true);

    release();
    const success = successToast(page);
    await success.waitFor();
    await expect(success.textContent()).resolves.toContain('Nossa equipe entrará em contato em até 2 horas úteis.');
    await expect(fieldValues(page)).resolves.toEqual(EMPTY);
    await expect(submitButton(page).isEnabled()).resolves.toBe(true);
    await expect(submitButton(page).textContent()).resolves.toBe('Enviar solicitação');
    // Accents and the line break included: the held request went on to the real server untouched.
    const stored = (await storedContacts(site.dataDir)).filter((contact) => contact.email === FULL_REQUEST.email);
    expect(stored).toEqual([
      {
        id: expect.any(String),
        status: 'new',
        createdAt: expect.any(String),
        ...FULL_REQUEST,
        source: { form: 'contato', page: '/' },
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('sends no phone or company when they are left empty, and stores none; stores the visit’s campaign', async () => {
    const { page } = await openForm(site, CAMPAIGN_VISIT);
    const required = {
      name: 'Rui Lima',
      email: 'rui@transportes-lima.com.br',
      message: 'Quero uma cotação para Manaus.',
    };
    await fillContactForm(page, required);
    const posted = page.waitForRequest((request) => isContactPost(request.url(), request.method()));
    await submitButton(page).click();

    // With the page's render stamp, which the island finds among the form's elements (issue 35).
    expect((await posted).postDataJSON()).toEqual({
      ...required,
      source: CAMPAIGN_SOURCE,
      [STAMP_FIELD]: expect.stringMatching(/^[0-9a-z]+\.[\w-]{12}$/),
    });
    await successToast(page).waitFor();
    const [stored] = (await storedContacts(site.dataDir)).filter((contact) => contact.email === required.email);
    expect(stored).toEqual({
      id: expect.any(String),
      status: 'new',
      createdAt: expect.any(String),
      ...required,
      source: CAMPAIGN_SOURCE,
    });
    expect(stored).not.toHaveProperty('phone');
    expect(stored).not.toHaveProperty('company');
  });

  it('shows the server’s own message for an invalid field, marks the field and keeps every value', async () => {
    const { page, problems } = await openForm(site);
    const typed = { ...FULL_REQUEST, email: 'invalido@teste.com.br', phone: 'ligar depois' };
    await fillContactForm(page, typed);
    const reply = page.waitForResponse((response) => isContactPost(response.url(), response.request().method()));
    await submitButton(page).click();

    const { message } = (await (await reply).json()) as { message: string };
    const error = errorToast(page);
    await error.waitFor();
    // toContain('') passes for any text: the server must have said something.
    expect(message).toMatch(/\S/);
    await expect(error.textContent()).resolves.toContain(message);
    await expect(field(page, 'phone').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(fieldError(page, 'phone')).resolves.toBe('Use apenas números, espaços e os sinais + ( ) - .');
    await expect(fieldValues(page)).resolves.toEqual(typed);
    expect((await storedContacts(site.dataDir)).some((contact) => contact.email === typed.email)).toBe(false);
    expect(unexpected(problems, /\b400\b/)).toEqual([]);
  });
});
