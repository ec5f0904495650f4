import { describe, expect, it, onTestFinished } from 'vitest';
import { openSqlite } from '../../server/composition/repository';
import { gapBetween } from '../../test/support/layout';
import { browserForThisFile, PHONE, screenshot } from '../../test/support/site';
import { startSmtp } from '../../test/support/smtp';
import { mailTo, proposalMailedTo, startTeamServer } from '../../test/support/team';
import { needs } from '../../test/support/tools';

// Issue 52 §3, §4, in Chromium at 375 px on the built server and a real SMTP server: the customer taps
// the link in the proposal's e-mail and accepts, with JavaScript and without it; the page says so,
// the quote is won, and the sales mailbox is told.

const browser = browserForThisFile();
const LEADS_TO = 'vendas@rotanorte.com.br';

/** The built server with e-mail on, and its SQLite file opened beside it: the proposal written as the form writes it. */
async function startSite() {
  const smtp = await startSmtp();
  const server = await startTeamServer({ SMTP_URL: smtp.url, LEADS_TO });
  const store = openSqlite(server.dataDir, { channels: ['email'] });
  onTestFinished(async () => {
    await store.close();
    await server.stop();
  });
  return { smtp, server, store };
}

describe('the customer accepts from the e-mail, in Chromium at 375 px', needs('chromium'), () => {
  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('%s', { timeout: 60_000 }, async (name, javaScriptEnabled) => {
    const site = await startSite();
    const { store, smtp } = site;
    const { quoteId, link } = await proposalMailedTo(
      { store, url: site.server.url, messages: smtp.messages },
      'carlos@bebidasdonorte.com.br',
    );

    const { page, response } = await browser.open(link, {
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled,
    });

    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Proposta de frete', level: 1 }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('R$ 4.850,00').isVisible()).resolves.toBe(true);
    // Nothing wider than the phone: the page reads without scrolling sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The company's logo over the page, and room between the terms and the conditions' heading.
    await expect(page.locator('header .brand__mark').isVisible()).resolves.toBe(true);
    const conditions = page.getByRole('heading', { name: 'Condições', level: 2 });
    expect(await gapBetween(page.locator('main dl'), conditions)).toBeGreaterThanOrEqual(16);
    await screenshot(page, `proposta-aberta-${name.replace(/ /g, '-')}`);
    await page.getByLabel('Seu nome ou e-mail, como aceite').fill('Carlos Lima');
    // The POST answers 303 back to the page's own address: wait for that page's GET, not a new URL.
    const [answered] = await Promise.all([
      page.waitForResponse((res) => res.url() === link && res.request().method() === 'GET'),
      page.getByRole('button', { name: 'Aceitar' }).click(),
    ]);
    await page.waitForLoadState();

    expect(answered.status()).toBe(200);
    await expect(page.getByText(/^Proposta aceita\./).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Aceita por Carlos Lima em/).isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    expect((await store.inbox.getLead(quoteId))?.work.status).toBe('won');
    await mailTo(smtp.messages, LEADS_TO, /aceitou a proposta/);
    await screenshot(page, `proposta-aceita-${name.replace(/ /g, '-')}`);
  });
});
