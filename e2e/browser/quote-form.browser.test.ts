import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { interactionsOf, longestIn, newSince, observeInteractions } from '../../bench/event-timing';
import { axeViolations, describeViolations } from '../../test/support/axe';
import {
  cityField,
  fillCargoAndContact,
  quoteField,
  quoteFieldError,
  quoteSubmit,
  ufField,
} from '../../test/support/quote-page';
import {
  clickThrough,
  DESKTOP,
  hydrateIslands,
  PHONE,
  screenshot,
  siteForThisFile,
  storedQuotes,
  unexpected,
  WAKE_WITHIN_MS,
} from '../../test/support/site';
import { needs } from '../../test/support/tools';

const site = siteForThisFile({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });

// docs/requirements.md §4.5: what a person types or chooses after the route.
const CARGO_AND_CONTACT = {
  cargoType: 'carga_geral',
  segment: 'tecnologia',
  weightTons: '12,5',
  vehicle: '28t',
  goodsValue: '850.000,50',
  pickupDate: '2099-12-31',
  name: 'Marina Prado',
  phone: '(12) 99876-5432',
  company: 'Tecnorte Eletrônicos',
  cnpj: '12.ABC.345/01DE-35',
  notes: 'Caixas paletizadas.',
};

/** The suggestions on show, as the open listbox lists them. */
const options = (page: Page) => page.locator('[role="listbox"]:not([hidden]) [role="option"]');

/** Types `text` key by key into a focused combobox, and waits until its list shows what it found. */
async function typeIntoCombobox(page: Page, place: 'origin' | 'destination', text: string) {
  await cityField(page, place).focus();
  await page.keyboard.type(text, { delay: 30 });
  await page.waitForFunction(
    (name) => document.querySelector(`input[name="${name}.city"]`)?.getAttribute('aria-expanded') === 'true',
    place,
    { timeout: WAKE_WITHIN_MS },
  );
}

// With JavaScript off, Chromium refuses the page's own scripts and names the reason "csp" (no-javascript.browser.test.ts).
const SCRIPTS_REFUSED = /^requestfailed: GET \S+\/assets\/\S+\.js csp$/;

describe('the quote form with JavaScript, at 375 px', { timeout: 60_000, ...needs('chromium') }, () => {
  it("goes from the hero's button to a stored quote, the municipalities chosen with the keyboard", async () => {
    const { page, problems } = await site.open('/', { viewport: PHONE });
    await clickThrough(page, page.locator('#home').getByRole('link', { name: 'Solicitar cotação' }));
    expect(new URL(page.url()).pathname).toBe('/cotacao');
    // Nothing of the list is fetched until a municipality field is used.
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.waitForTimeout(500);
    expect(fetched.filter((path) => path.includes('municipios'))).toEqual([]);

    await typeIntoCombobox(page, 'origin', 'sao jose dos campos');
    const origin = cityField(page, 'origin');
    await expect(options(page).first().textContent()).resolves.toBe('São José dos Campos – SP');
    await expect(page.getByRole('status').filter({ hasText: 'encontrado' }).first().textContent()).resolves.toMatch(
      /^\d+ municípios? encontrados?\.$/,
    );
    await page.keyboard.press('ArrowDown');
    const active = await origin.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active}"]`).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('Enter');
    await expect(origin.inputValue()).resolves.toBe('São José dos Campos');
    await expect(ufField(page, 'origin').inputValue()).resolves.toBe('SP');
    await expect(origin.getAttribute('aria-expanded')).resolves.toBe('false');

    // Homonyms come with their UF; Up from the field goes to the last suggestion, Escape closes the list.
    await typeIntoCombobox(page, 'destination', 'bom jesus');
    const homonyms = await options(page).allTextContents();
    expect(homonyms.filter((label) => /^Bom Jesus – [A-Z]{2}$/.test(label)).length).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect(cityField(page, 'destination').getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('Escape');
    await expect(cityField(page, 'destination').inputValue()).resolves.toBe('');
    await page.keyboard.type('macapa', { delay: 30 });
    const list = await cityField(page, 'destination').getAttribute('aria-controls');
    await page.waitForFunction(
      (id) => document.getElementById(id)?.querySelector('[role="option"]')?.textContent === 'Macapá – AP',
      list!,
    );
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(ufField(page, 'destination').inputValue()).resolves.toBe('AP');

    await fillCargoAndContact(page, { ...CARGO_AND_CONTACT, email: 'marina@com-js.com.br' });
    await page.locator('input[name="frequency"][value="mensal"]').check();
    await screenshot(page, 'quote-form-375-filled');
    await quoteSubmit(page).focus();
    await Promise.all([page.waitForURL('**/cotacao/enviada'), page.keyboard.press('Enter')]);
    await expect(page.getByRole('status').textContent()).resolves.toContain('Pedido de cotação enviado!');

    const [stored] = (await storedQuotes(site.dataDir)).filter((quote) => quote.email === 'marina@com-js.com.br');
    expect(stored).toMatchObject({
      origin: { city: 'São José dos Campos', state: 'SP' },
      destination: { city: 'Macapá', state: 'AP' },
      cargoType: 'carga_geral',
      segment: 'tecnologia',
      weightTons: 12.5,
      goodsValue: 850000.5,
      vehicle: '28t',
      frequency: 'mensal',
      cnpj: '12.ABC.345/01DE-35',
      source: { form: 'cotacao', page: '/cotacao' },
    });
    expect(unexpected(problems)).toEqual([]);
  });

  it('takes a name typed but not chosen when it names one municipality, and says on the page what is missing', async () => {
    const { page } = await site.open('/cotacao', { viewport: PHONE });
    await hydrateIslands(page);

    // Parauapebas exists in Pará alone: Tab leaves the field with it chosen, its UF filled in.
    await typeIntoCombobox(page, 'destination', 'parauapebas');
    await page.keyboard.press('Tab');
    await expect.poll(() => ufField(page, 'destination').inputValue()).toBe('PA');
    await expect(cityField(page, 'destination').inputValue()).resolves.toBe('Parauapebas');
    // Bom Jesus is a town of several UFs: nothing is guessed.
    await typeIntoCombobox(page, 'origin', 'bom jesus');
    await page.keyboard.press('Tab');
    await expect(ufField(page, 'origin').inputValue()).resolves.toBe('');
    await fillCargoAndContact(page, { ...CARGO_AND_CONTACT, email: 'sem-uf@com-js.com.br' });
    await quoteSubmit(page).click();

    // No bubble of the browser's: the site's alert, focused, naming the field, and the message under it.
    const alert = page.locator('form [role="alert"]');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    await expect(alert.textContent()).resolves.toContain('UF de origem: Informe a UF com a sigla do estado');
    await expect(quoteFieldError(page, 'origin.state')).resolves.toMatch(/^Informe a UF com a sigla do estado/);
    await alert.getByRole('link', { name: /^UF de origem/ }).click();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('origin.state');
    await screenshot(page, 'quote-form-375-alert');
  });

  // Measured on machines shared with other work: a plain field's keystroke itself varies from 24 to
  // over 100 ms at 4× here. Two more tries before it counts as the field's own slowness.
  // The target (every keystroke under 50 ms at 4× CPU, issue 52) is a figure, printed here and read on
  // a quiet machine (docs/performance.md): a timing assertion would judge the machine's load, not the page.
  it('suggests as each key is typed at 4× CPU slowdown, and prints the slowest keystroke', async () => {
    const { page } = await site.open('/cotacao', { viewport: PHONE });
    await hydrateIslands(page);
    // The list arrives and is indexed on the field's first focus (a slice at a time, painting between).
    await typeIntoCombobox(page, 'origin', 'a');
    await page.keyboard.press('Backspace');
    await page.evaluate(observeInteractions);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const typedIn = async (name: string) => {
      const before = await interactionsOf(page);
      await quoteField(page, name).focus();
      await page.keyboard.type('sao jose dos campos', { delay: 150 });
      return newSince(await interactionsOf(page), before);
    };
    const searched = await typedIn('origin.city');
    await expect(options(page).first().textContent()).resolves.toBe('São José dos Campos – SP');
    // The same keys in a plain field of the same page: what this machine takes with nothing to search.
    const plain = await typedIn('name');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const longest = longestIn(searched);
    console.info(
      `tecla mais lenta a 4× de CPU: ${longest.duration} ms no município (${longest.processing.toFixed(1)} ms nos ` +
        `handlers), ${longestIn(plain).duration} ms num campo simples`,
    );
  });

  it('suggests for what was typed while the island was still on its way', async () => {
    const { page, problems } = await site.open('/cotacao', { viewport: PHONE });
    // The island's code held back until the visitor has typed, as on a slow phone's network.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/QuoteIsland-[^/]*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await cityField(page, 'origin').focus();
    await page.keyboard.type('belem', { delay: 30 });
    await expect(page.locator('[data-island="quote"]').getAttribute('data-hydrated')).resolves.toBeNull();
    release();

    await page.waitForFunction(
      () => document.querySelector('input[name="origin.city"]')?.getAttribute('aria-expanded') === 'true',
      undefined,
      { timeout: WAKE_WITHIN_MS },
    );
    await expect(cityField(page, 'origin').inputValue()).resolves.toBe('belem');
    await expect(options(page).first().textContent()).resolves.toBe('Belém – PA');
    expect(unexpected(problems)).toEqual([]);
  });

  it.each([
    ['375 px', PHONE],
    ['1280 px', DESKTOP],
  ])('finds no axe violation at %s, with the suggestions open', async (width, viewport) => {
    const { page } = await site.open('/cotacao', { viewport, bypassCSP: true });
    await typeIntoCombobox(page, 'origin', 'belem');
    await page.keyboard.press('ArrowDown');
    await screenshot(page, `quote-form-${width.replace(' ', '')}-suggestions`);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});

describe('the quote form without JavaScript', { timeout: 30_000, ...needs('chromium') }, () => {
  const openWithoutJavaScript = (viewport = PHONE) => site.open('/cotacao', { viewport, javaScriptEnabled: false });

  it('posts the typed names and UFs, which the server resolves, and lands on the confirmation', async () => {
    const { page, problems } = await openWithoutJavaScript();
    await cityField(page, 'origin').fill('sao paulo');
    await ufField(page, 'origin').selectOption('SP');
    await cityField(page, 'destination').fill('belem');
    await ufField(page, 'destination').selectOption('PA');
    await fillCargoAndContact(page, { ...CARGO_AND_CONTACT, email: 'marina@sem-js.com.br' });
    await screenshot(page, 'quote-form-375-no-javascript');

    const response = await clickThrough(page, quoteSubmit(page));

    expect(response?.request().redirectedFrom()?.method()).toBe('POST');
    expect(new URL(page.url()).pathname).toBe('/cotacao/enviada');
    const [stored] = (await storedQuotes(site.dataDir)).filter((quote) => quote.email === 'marina@sem-js.com.br');
    expect(stored).toMatchObject({
      origin: { city: 'São Paulo', state: 'SP' },
      destination: { city: 'Belém', state: 'PA' },
      frequency: 'avulsa',
      source: { form: 'cotacao', page: '/cotacao' },
    });
    expect(unexpected(problems, SCRIPTS_REFUSED)).toEqual([]);
  });

  it('shows each error in Portuguese beside its field and keeps everything typed', async () => {
    const { page, problems } = await openWithoutJavaScript(DESKTOP);
    const typed = {
      'origin.city': 'Cidade Que Não Existe',
      'destination.city': 'Campinas',
      ...CARGO_AND_CONTACT,
      weightTons: '30',
      pickupDate: '2020-01-02',
      cnpj: '12.ABC.345/01DE-36',
      email: 'erros@sem-js.com.br',
    };
    await fillCargoAndContact(page, typed);
    await ufField(page, 'origin').selectOption('SP');
    await ufField(page, 'destination').selectOption('SP');

    const response = await clickThrough(page, quoteSubmit(page));

    expect(response?.status()).toBe(400);
    // The page opens on the alert above the form, focused, each problem linked to its field.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('alert');
    await expect(page.locator('form [role="alert"] a').count()).resolves.toBe(4);
    for (const [name, error] of [
      ['origin.city', 'Não encontramos o município de origem “Cidade Que Não Existe” em SP: confira o nome e a UF.'],
      ['weightTons', 'O peso excede a capacidade do veículo escolhido.'],
      ['pickupDate', 'A data de coleta não pode estar no passado.'],
      ['cnpj', 'CNPJ inválido: confira os dígitos verificadores.'],
    ] as const) {
      await expect(quoteField(page, name).getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(quoteFieldError(page, name)).resolves.toBe(error);
    }
    for (const [name, value] of Object.entries(typed))
      await expect(quoteField(page, name).first().inputValue(), name).resolves.toBe(value);
    await expect(ufField(page, 'origin').inputValue()).resolves.toBe('SP');
    await screenshot(page, 'quote-form-1280-errors');
    expect((await storedQuotes(site.dataDir)).some((quote) => quote.email === typed.email)).toBe(false);
    expect(unexpected(problems, SCRIPTS_REFUSED, /\b400\b/)).toEqual([]);
  });

  it('says when origin and destination are the same municipality', async () => {
    const { page } = await openWithoutJavaScript();
    await cityField(page, 'origin').fill('Belém');
    await ufField(page, 'origin').selectOption('PA');
    await cityField(page, 'destination').fill('belem');
    await ufField(page, 'destination').selectOption('PA');
    await fillCargoAndContact(page, { ...CARGO_AND_CONTACT, email: 'mesmo@sem-js.com.br' });

    const response = await clickThrough(page, quoteSubmit(page));

    expect(response?.status()).toBe(400);
    await expect(quoteFieldError(page, 'destination.city')).resolves.toBe(
      'O destino deve ser outro município que não a origem.',
    );
  });
});
