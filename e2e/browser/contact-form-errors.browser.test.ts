import { describe, expect, it } from 'vitest';
import {
  errorToast,
  FULL_REQUEST,
  field,
  fieldValues,
  fillContactForm,
  isContactPost,
  openForm,
  submitButton,
} from '../../test/support/contact-page';
import { siteForThisFile, storedContacts, unexpected } from '../../test/support/site';
import { needs } from '../../test/support/tools';

// One request a minute per address: the second post meets the real 429 of the rate limit.
const site = siteForThisFile({ RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_PER_HOUR: '0' });

describe('the contact form when sending fails', { timeout: 25_000, ...needs('chromium') }, () => {
  it('shows the server’s message of the rate limit (429) and keeps the fields', async () => {
    // Arrange: this address has already used its one request of the minute.
    const first = await fetch(`${site.url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Primeiro', email: 'primeiro@empresa.com.br', message: 'Primeira solicitação' }),
    });
    expect(first.status).toBe(201);
    const { page, problems } = await openForm(site);
    await fillContactForm(page, FULL_REQUEST);

    const reply = page.waitForResponse((response) => isContactPost(response.url(), response.request().method()));
    await submitButton(page).click();

    expect((await reply).status()).toBe(429);
    const error = errorToast(page);
    await error.waitFor();
    await expect(error.textContent()).resolves.toContain(
      'Muitas solicitações em pouco tempo. Tente novamente em 1 minuto.',
    );
    await expect(fieldValues(page)).resolves.toEqual(FULL_REQUEST);
    await expect(submitButton(page).isEnabled()).resolves.toBe(true);
    expect((await storedContacts(site.dataDir)).map((contact) => contact.email)).toEqual(['primeiro@empresa.com.br']);
    // The refused request is the only thing the browser may complain about.
    expect(unexpected(problems, /\b429\b/)).toEqual([]);
  });

  it('says "Tente novamente mais tarde." when the server cannot be reached, after three retries', async () => {
    const { page, problems } = await openForm(site);
    const attempts: string[] = [];
    await page.route(
      (url) => new URL(url).pathname === '/api/contacts',
      (route) => {
        attempts.push(route.request().headers()['idempotency-key'] ?? '');
        return route.abort('connectionrefused');
      },
    );
    await fillContactForm(page, FULL_REQUEST);
    await submitButton(page).click();

    // Retried after 1 s, 2 s and 4 s before the visitor is told.
    const error = errorToast(page);
    await error.waitFor({ timeout: 15_000 });
    await expect(error.textContent()).resolves.toContain('Tente novamente mais tarde.');
    expect(attempts).toHaveLength(4);
    // The same submission every time, so a retry the server did receive is never a second lead.
    expect(new Set(attempts).size).toBe(1);
    await expect(fieldValues(page)).resolves.toEqual(FULL_REQUEST);
    expect(unexpected(problems, /ERR_CONNECTION_REFUSED/)).toEqual([]);
  });

  it('sends no request while a required field is empty, and the browser points at it', async () => {
    const { page, problems } = await openForm(site);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (isContactPost(request.url(), request.method())) posts.push(request.url());
    });
    await fillContactForm(page, { email: 'sem-nome@empresa.com.br', message: 'Esqueci o nome' });
    await submitButton(page).click();

    // The browser's own validation blocks the submit and moves the focus to the empty field.
    const name = field(page, 'name');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'name');
    await expect(name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).resolves.toBe(true);
    await expect(submitButton(page).textContent()).resolves.toBe('Enviar solicitação');
    expect(posts).toEqual([]);
    await expect(page.locator('.Toastify [role="alert"], .Toastify [role="status"]').count()).resolves.toBe(0);
    expect(page.url()).toBe(`${site.url}/#contact`);
    expect(problems).toEqual([]);
  });
});
