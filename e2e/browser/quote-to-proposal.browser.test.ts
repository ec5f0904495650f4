import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openSqlite } from '../../server/composition/repository';
import { signedInMember } from '../../test/support/members';
import { dayFromToday } from '../../test/support/proposals';
import { cityField, fillCargoAndContact, quoteSubmit, ufField } from '../../test/support/quote-page';
import { browserForThisFile, clickThrough, PHONE, storedQuotes } from '../../test/support/site';
import { startSmtp } from '../../test/support/smtp';
import { mailTo, plantSession, startTeamServer } from '../../test/support/team';
import { needs } from '../../test/support/tools';

// Issue 52 §4, "Tests drive the real thing": in Chromium at 375 px on the built server and a real SMTP
// server, a shipper goes from the hero's button to a stored quote; a salesperson, signed in on a
// phone, reads its ANTT floor on the quote's page and sends a proposal from there; the shipper opens
// the e-mail's link and accepts, and the quote is won. Once with JavaScript, once without.

const browser = browserForThisFile();
const LEADS_TO = 'vendas@rotanorte.com.br';
const TOUCH = { viewport: PHONE, isMobile: true, hasTouch: true };

async function startSite() {
  const smtp = await startSmtp();
  const server = await startTeamServer({
    SMTP_URL: smtp.url,
    LEADS_TO,
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_HOUR: '0',
  });
  onTestFinished(async () => void (await server.stop()));
  const store = openSqlite(server.dataDir);
  const { member, cookie } = await signedInMember(store, 'vendas');
  await store.close();
  return { smtp, server, cookie, sellerEmail: member.email };
}

/** The shipper's quote, from the hero's button: São José dos Campos to Macapá, a 28 t truck. */
async function askForAQuote(page: Page, email: string) {
  await clickThrough(page, page.locator('#home').getByRole('link', { name: 'Solicitar cotação' }));
  expect(new URL(page.url()).pathname).toBe('/cotacao');
  await cityField(page, 'origin').fill('São José dos Campos');
  await ufField(page, 'origin').selectOption('SP');
  await cityField(page, 'destination').fill('Macapá');
  await ufField(page, 'destination').selectOption('AP');
  await fillCargoAndContact(page, {
    cargoType: 'carga_geral',
    segment: 'tecnologia',
    weightTons: '12,5',
    vehicle: '28t',
    goodsValue: '850.000,00',
    pickupDate: dayFromToday(10),
    name: 'Marina Prado',
    email,
    phone: '(12) 99876-5432',
    company: 'Tecnorte Eletrônicos',
  });
  await clickThrough(page, quoteSubmit(page));
  expect(new URL(page.url()).pathname).toBe('/cotacao/enviada');
}

describe('from the hero’s button to an accepted proposal, in Chromium at 375 px', needs('chromium'), () => {
  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('%s', { timeout: 120_000 }, async (_name, javaScriptEnabled) => {
    const { smtp, server, cookie, sellerEmail } = await startSite();
    const email = `marina.${javaScriptEnabled ? 'js' : 'html'}@tecnorte.com.br`;

    const shipper = await browser.open(server.url, { ...TOUCH, javaScriptEnabled });
    await askForAQuote(shipper.page, email);
    const [quote] = (await storedQuotes(server.dataDir)).filter((stored) => stored.email === email);
    expect(quote).toBeDefined();

    // The salesperson, on a phone, from the quote's page: its floor, then the proposal above it.
    const seller = await browser.open(
      `${server.url}/painel/leads/${quote!.id}`,
      { ...TOUCH, javaScriptEnabled },
      (page) => plantSession(page, server.url, cookie),
    );
    await expect(
      seller.page
        .getByText(/Piso ANTT|piso mínimo/i)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await clickThrough(seller.page, seller.page.getByRole('link', { name: 'Escrever proposta' }));
    await seller.page.getByLabel('Preço do frete (R$)').fill('95.000,00');
    await seller.page.getByLabel('Pedágio').check();
    await seller.page.getByLabel(/^Válida até/).fill(dayFromToday(7));
    await seller.page.getByLabel('Coleta a partir de').fill(dayFromToday(10));
    await seller.page.getByLabel('Coleta até').fill(dayFromToday(12));
    await clickThrough(seller.page, seller.page.getByRole('button', { name: 'Enviar proposta ao cliente' }));
    expect(new URL(seller.page.url()).pathname).toBe(`/painel/leads/${quote!.id}`);

    // The shipper's e-mail, through the real SMTP server, and its link opened on the phone.
    const mail = await mailTo(smtp.messages, email, /^Proposta de frete São José dos Campos\/SP → Macapá\/AP/);
    expect(mail.text).toContain('R$ 95.000,00');
    const link = /http:\/\/\S+\/proposta\/\S+/.exec(mail.text)![0];
    const { page } = await browser.open(link, { ...TOUCH, javaScriptEnabled });
    await page.getByLabel('Seu nome ou e-mail, como aceite').fill('Marina Prado');
    await Promise.all([
      page.waitForResponse((res) => res.url() === link && res.request().method() === 'GET'),
      page.getByRole('button', { name: 'Aceitar' }).click(),
    ]);
    await page.waitForLoadState();
    await expect(page.getByText(/Aceita por Marina Prado em/).isVisible()).resolves.toBe(true);

    // Won on the quote's page, and the seller told: sending made the quote theirs (§9.6).
    await seller.page.reload();
    await expect(
      seller.page
        .getByText(/aceita por Marina Prado em/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await mailTo(smtp.messages, sellerEmail, /aceitou a proposta/);
    await mailTo(smtp.messages, email, /^Proposta aceita: frete/);
    expect(shipper.problems.filter((problem) => !/csp$/.test(problem))).toEqual([]);
  });
});
