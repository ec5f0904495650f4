import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { renderedAt } from '../../server/pages/render-stamp';
import { FASTEST_PERSON_MS } from '../../server/spam/signals';
import { STAMP_FIELD } from '../../shared/contact-form';
import { hydrateIslands, type siteForThisFile } from './site';

export type ContactValues = { name: string; email: string; phone: string; company: string; message: string };

/** The form's fields by their accessible names, as a screen reader announces them. */
const LABELS: Record<keyof ContactValues, string> = {
  name: 'Nome completo',
  email: 'E-mail',
  phone: 'Telefone ou WhatsApp',
  company: 'Empresa',
  message: 'Mensagem',
};

export const field = (page: Page, name: keyof ContactValues) =>
  page.locator('#contact').getByRole('textbox', { name: LABELS[name], exact: true });

export const submitButton = (page: Page) => page.locator('#contact button[type="submit"]');

/** The text of the error shown beside a field, found the way a screen reader does: by aria-describedby. */
export const fieldError = (page: Page, name: keyof ContactValues) =>
  field(page, name).evaluate(
    (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
  );

export const successToast = (page: Page) =>
  page.locator('.Toastify').getByRole('status').filter({ hasText: 'Solicitação enviada com sucesso!' });
export const errorToast = (page: Page) =>
  page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Erro ao enviar solicitação' });

/** The landing page at the form, with its islands hydrated: only then does a submit go through the script. */
export async function openForm(site: Pick<ReturnType<typeof siteForThisFile>, 'open'>, path = '/#contact') {
  const opened = await site.open(path);
  await hydrateIslands(opened.page);
  return opened;
}

/**
 * Types each given value into its field, key by key, as a visitor would, and takes at least as long
 * as the fastest person the site believes in (server/spam/signals.ts): a fast machine types a whole
 * request in under 3 s, and the site would rightly hold that post as suspect.
 */
export async function fillContactForm(page: Page, values: Partial<ContactValues>) {
  for (const [name, value] of Object.entries(values) as [keyof ContactValues, string][]) {
    await field(page, name).fill('');
    await field(page, name).pressSequentially(value);
  }
  await afterAPersonsTime(page);
}

/** Some slack over the signal's limit: the page's stamp is shared for up to 100 ms (decision 037). */
const PERSON_SLACK_MS = 250;

/** Waits until the form's render stamp is as old as a person's fastest fill, read from the page itself. */
export async function afterAPersonsTime(page: Page) {
  const stamp = await page.locator(`input[name="${STAMP_FIELD}"]`).first().getAttribute('value');
  const rendered = stamp ? renderedAt(stamp) : Number.NaN;
  if (Number.isNaN(rendered)) return;
  const left = rendered + FASTEST_PERSON_MS + PERSON_SLACK_MS - Date.now();
  if (left > 0) await sleep(left);
}

export async function fieldValues(page: Page): Promise<ContactValues> {
  const names = Object.keys(LABELS) as (keyof ContactValues)[];
  const values = await Promise.all(names.map((name) => field(page, name).inputValue()));
  return Object.fromEntries(names.map((name, index) => [name, values[index]])) as ContactValues;
}

export const isContactPost = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/api/contacts';

/** A visit from a campaign: the address's utm_* parameters, and the source a lead sent from it carries. */
export const CAMPAIGN_VISIT = '/?utm_source=google&utm_medium=cpc&utm_campaign=frete-norte#contact';
export const CAMPAIGN_SOURCE = {
  form: 'contato',
  page: '/',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'frete-norte',
};

export const EMPTY: ContactValues = { name: '', email: '', phone: '', company: '', message: '' };

/** A complete request with every optional field, accents included, stored byte for byte. */
export const FULL_REQUEST: ContactValues = {
  name: 'Conceição Araújo',
  email: 'conceicao@logistica-norte.com.br',
  phone: '(91) 98765-4321',
  company: 'Distribuidora Açaí & Cia',
  message: 'Carga seca de São Paulo para Belém, 28 t, duas vezes por mês.\nPrecisamos de rastreamento.',
};
