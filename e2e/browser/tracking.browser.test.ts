import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openSqlite, type Repository } from '../../server/composition/repository';
import { issueDriverLink } from '../../server/shipments/commands/links';
import { phonePhoto } from '../../test/support/images';
import { signedInMember } from '../../test/support/members';
import { CTE_KEY, NFE_KEY, openedShipment, storedEvents } from '../../test/support/shipments';
import { browserForThisFile, clickThrough, DESKTOP, PHONE, screenshot } from '../../test/support/site';
import { startSmtp } from '../../test/support/smtp';
import { mailTo, plantSession, proposalMailedTo, startTeamServer } from '../../test/support/team';
import { needs } from '../../test/support/tools';
import { eventually } from '../../test/support/wait';

// docs/requirements.md §12, "Tests drive the real thing": in Chromium at 375 px on the built server and
// a real SMTP server, a proposal accepted on its page opens a shipment; a member finds it on the
// Embarques board and gives the driver a link; the driver taps from 'Coletei' to 'Entreguei' with a
// photo; the shipper looks it up by code, by key and by CNPJ + NF and sees municipalities, no person.
// Then the phone without a signal (decision 065), the double tap, and the page without JavaScript.

const browser = browserForThisFile();
const CUSTOMER = 'carlos@bebidasdonorte.com.br';
const TOUCH = { viewport: PHONE, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;
const RECIPIENT = { name: 'José Souza', document: '123.456.789-09' };

/** The built server with e-mail on, and its SQLite file opened beside it. */
async function startSite() {
  const smtp = await startSmtp();
  const server = await startTeamServer({
    SMTP_URL: smtp.url,
    LEADS_TO: 'vendas@rotanorte.com.br',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_HOUR: '0',
  });
  const store = openSqlite(server.dataDir, { channels: ['email'] });
  onTestFinished(async () => {
    await store.close();
    await server.stop();
  });
  return { smtp, server, store };
}

/** A member of sales, signed in on a phone as a sign-in leaves the browser: the session's cookie set. */
async function memberOnPhone(store: Repository, url: string, pathname: string) {
  const { cookie } = await signedInMember(store, 'vendas');
  return browser.open(new URL(pathname, url).href, TOUCH, (page) => plantSession(page, url, cookie));
}

/** The driver's page's live line: what the page says after a tap (the island's, or the 303's notice). */
const said = (page: Page) => page.locator('[data-offline-status]');

/**
 * Taps `button`'s form with JavaScript on and resolves once the island has had the server's answer and
 * the page says it was registered as `label` (the line before may say the same of the tap before).
 */
async function tap(page: Page, button: string, label: string) {
  await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/eventos')),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  await said(page).getByText(`Registrado: ${label}.`).waitFor({ timeout: 15_000 });
}

/**
 * A plain form's POST and the page that answers it, once loaded: the 303's page back (perhaps the very
 * address it was at, so not a new URL to wait for), or the form again with its errors.
 */
async function postBack(page: Page, button: string) {
  await Promise.all([
    page.waitForResponse(
      (res) =>
        res.request().isNavigationRequest() && res.request().frame() === page.mainFrame() && res.status() !== 303,
    ),
    page.getByRole('button', { name: button }).click(),
  ]);
  await page.waitForLoadState();
}

/** The shipper's /rastreio on a phone, one of its three forms filled and sent. */
async function lookUp(url: string, fill: (page: Page) => Promise<void>, button: string) {
  const { page } = await browser.open(`${url}/rastreio`, TOUCH);
  await fill(page);
  await clickThrough(page, page.getByRole('button', { name: button }));
  return page;
}

/** What a shipper reads of the result: its section's text. */
const result = (page: Page) => page.getByRole('region', { name: /^Embarque / }).innerText();

describe('from an accepted proposal to the driver’s “Entreguei”, in Chromium at 375 px', needs('chromium'), () => {
  it('opens, assigns, drives, delivers and tracks one load', { timeout: 180_000 }, async () => {
    const { smtp, server, store } = await startSite();
    const { quoteId, link } = await proposalMailedTo({ store, url: server.url, messages: smtp.messages }, CUSTOMER);

    // The customer accepts on the proposal's page: the shipment opens, and its code comes by e-mail (§12.10).
    const customer = await browser.open(link, TOUCH);
    await customer.page.getByLabel('Seu nome ou e-mail, como aceite').fill('Carlos Lima');
    await Promise.all([
      customer.page.waitForResponse((res) => res.url() === link && res.request().method() === 'GET'),
      customer.page.getByRole('button', { name: 'Aceitar' }).click(),
    ]);
    const opened = await mailTo(smtp.messages, CUSTOMER, /^Seu embarque /);
    const grouped = /código (\w{4}-\w{4}-\w{3})\./.exec(opened.text)![1]!;
    const code = grouped.replaceAll('-', '');
    const { id } = (await store.shipments.db.get('SELECT id FROM shipments WHERE quote_id = ?', [quoteId])) as {
      id: string;
    };

    // A member finds it on the board and opens its page; enters its CT-e and NF-e; makes the driver's link.
    const member = await memberOnPhone(store, server.url, '/painel/embarques');
    const card = member.page.getByRole('link', { name: new RegExp(`^${grouped} · Campinas/SP → Belém/PA`) });
    await clickThrough(member.page, card);
    expect(new URL(member.page.url()).pathname).toBe(`/painel/embarques/${code}`);
    for (const [document, key] of [
      ['cte', CTE_KEY.replace(/(\d{4})/g, '$1 ')],
      ['nfe', NFE_KEY],
    ] as const) {
      await member.page.getByLabel('Documento', { exact: true }).selectOption(document);
      await member.page.getByLabel('Chave de acesso (44 dígitos)').fill(key);
      await postBack(member.page, 'Adicionar chave');
      await member.page.getByText(/^Salvo: /).waitFor();
    }
    await postBack(member.page, 'Gerar link do motorista');
    const driverLink = await member.page.locator('a.shipment-link').getAttribute('href');
    expect(driverLink).toMatch(/^http:\/\/localhost:\d+\/motorista\/[\w-]{43}$/);

    // The driver, on a phone of their own, from the link alone.
    const { page, problems } = await browser.open(driverLink!, TOUCH);
    await expect(page.getByText(`Embarque ${grouped}`).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Large buttons, for a thumb in a truck's cab: at least 56 px tall (§12.7).
    for (const button of ['Coletei', 'Estou a caminho', 'Cheguei', 'Entreguei', 'Registrar ocorrência'])
      expect(
        (await page.getByRole('button', { name: button, exact: true }).boundingBox())?.height,
        button,
      ).toBeGreaterThanOrEqual(56);
    await tap(page, 'Coletei', 'Coletada');
    await page.getByLabel('Cidade onde você está (como “Marabá/PA”)').fill('Marabá/PA');
    await tap(page, 'Estou a caminho', 'Em trânsito');
    await tap(page, 'Cheguei', 'Chegada à filial/destino');
    await page.getByLabel('Nome de quem recebeu').fill(RECIPIENT.name);
    await page.getByLabel('Documento de quem recebeu (CPF ou RG)').fill(RECIPIENT.document);
    await expect(page.locator('#fotos').getAttribute('capture')).resolves.toBe('environment');
    await page
      .locator('#fotos')
      .setInputFiles({ name: 'canhoto.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
    await tap(page, 'Entreguei', 'Entregue');
    expect(problems).toEqual([]);

    // One event per tap, and the photo kept (re-encoded, §12.8).
    const events = await storedEvents(store, id);
    expect(events.map(({ kind }) => kind)).toEqual(['scheduled', 'picked_up', 'in_transit', 'arrived', 'delivered']);
    expect(events.find(({ kind }) => kind === 'in_transit')?.municipality).toBe('Marabá/PA');
    const photos = await store.shipments.db.all('SELECT id FROM shipment_photos WHERE shipment_id = ?', [id]);
    expect(photos).toHaveLength(1);
    // The delivery ended the driver's link (§12.7).
    expect((await page.reload())?.status()).toBe(410);

    // The shipper, by the code (as typed: lower case, dashes), by the CT-e's key, and by CNPJ + NF.
    const byCode = await lookUp(
      server.url,
      (shipper) => shipper.getByLabel('Código (11 letras e números)').fill(grouped.toLowerCase()),
      'Rastrear pelo código',
    );
    const byKey = await lookUp(
      server.url,
      (shipper) => shipper.getByLabel('Chave de acesso (44 dígitos)').fill(CTE_KEY),
      'Rastrear pela chave',
    );
    const byNote = await lookUp(
      server.url,
      async (shipper) => {
        await shipper.getByLabel('CNPJ do remetente ou do destinatário').fill('12.345.678/0001-95');
        await shipper.getByLabel('Número da NF-e').fill('4321');
      },
      'Rastrear pela nota',
    );
    for (const shipper of [byCode, byKey, byNote]) {
      const text = await result(shipper);
      expect(text).toContain(`Embarque ${grouped}`);
      expect(text).toContain('Campinas/SP → Belém/PA');
      for (const seen of [
        'Entregue',
        'Em trânsito',
        'Marabá/PA',
        'Coletada',
        'Comprovante de entrega enviado ao e-mail de quem contratou o frete.',
      ])
        expect(text).toContain(seen);
      // Each event reads as one line of words, its separators in the text (not stacked on their own).
      await expect(shipper.getByRole('listitem').filter({ hasText: 'Em trânsito' }).innerText()).resolves.toMatch(
        /^Em trânsito · \d\d\/\d\d\/\d{4}, \d\d:\d\d · Marabá\/PA$/,
      );
      const whole = await shipper.locator('body').innerText();
      for (const person of [RECIPIENT.name, RECIPIENT.document, 'Carlos Lima', CUSTOMER])
        expect(whole).not.toContain(person);
      await expect(shipper.locator('main img, main picture').count()).resolves.toBe(0);
    }
    await screenshot(byCode, 'rastreio-entregue-375');
    await byCode.setViewportSize(DESKTOP);
    await screenshot(byCode, 'rastreio-entregue-1280');

    // The customer's proof, behind the e-mailed link (§12.12): the recipient and the photo, to them alone.
    const delivered = await mailTo(smtp.messages, CUSTOMER, /^Entregue · embarque /);
    const proofLink = /http:\/\/\S+\/comprovante\/[\w-]{43}/.exec(delivered.text)![0];
    const proof = await browser.open(proofLink, TOUCH);
    await expect(proof.page.locator('main').innerText()).resolves.toContain(RECIPIENT.name);
    await proof.page.locator('main img').first().waitFor();
  });
});

describe('the driver’s page, on a phone whose signal comes and goes', needs('chromium'), () => {
  /** A shipment opened beside the server, and its driver's page opened on a phone. */
  async function driverPage(options: BrowserContextOptions = {}) {
    const { server, store } = await startSite();
    const shipment = await openedShipment(store);
    const issued = await issueDriverLink(store.shipments, shipment.id, false, { actor: { kind: 'system' } });
    if (issued.outcome !== 'issued') throw new Error(issued.outcome);
    const opened = await browser.open(`${server.url}/motorista/${issued.token}`, { ...TOUCH, ...options });
    return {
      ...opened,
      store,
      shipment,
      kinds: async () => (await storedEvents(store, shipment.id)).map((e) => e.kind),
    };
  }

  it('keeps a tap made offline on the phone and sends it once, with the tap’s time', { timeout: 90_000 }, async () => {
    const { page, store, shipment, kinds } = await driverPage();
    await screenshot(page, 'motorista-375');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'motorista-1280');
    await page.setViewportSize(PHONE);

    await page.context().setOffline(true);
    const before = new Date().toISOString();
    await page.getByRole('button', { name: 'Coletei' }).click();
    await said(page)
      .getByText(/^Sem sinal: .*guardado.* no celular\. Enviaremos assim que o sinal voltar\.$/)
      .waitFor();
    const after = new Date().toISOString();
    await screenshot(page, 'motorista-sem-sinal-375');
    // A while without a signal: the event must carry the tap's time, not the time it arrives.
    await page.waitForTimeout(2_500);
    expect(await kinds()).toEqual(['scheduled']);

    const back = new Date().toISOString();
    await page.context().setOffline(false);
    await said(page).getByText('Registrado: Coletada.').waitFor({ timeout: 30_000 });

    const picked = (await storedEvents(store, shipment.id)).filter(({ kind }) => kind === 'picked_up');
    expect(picked).toHaveLength(1);
    const occurred = Date.parse(picked[0]!.occurredAt);
    // Stored to the second or finer: the tap's time, never the reconnection's.
    expect(occurred).toBeGreaterThanOrEqual(Date.parse(before) - 1_000);
    expect(occurred).toBeLessThanOrEqual(Date.parse(after));
    expect(occurred).toBeLessThan(Date.parse(back));
    expect(Date.parse(picked[0]!.recordedAt)).toBeGreaterThanOrEqual(Date.parse(back) - 1_000);
    // Nothing is left on the phone to send again.
    await page.reload();
    await page.getByRole('heading', { name: 'Já registrado' }).waitFor();
    await eventually(async () => expect(await kinds()).toEqual(['scheduled', 'picked_up']));
  });

  it('stores one event for a double tap on one button', { timeout: 60_000 }, async () => {
    const { page, kinds } = await driverPage();

    await page.getByRole('button', { name: 'Cheguei' }).dblclick();
    await said(page).getByText('Registrado: Chegada à filial/destino.').waitFor({ timeout: 15_000 });

    await eventually(async () => expect(await kinds()).toEqual(['scheduled', 'arrived']));
    // And a later tap is an event of its own: the form took a new key.
    await tap(page, 'Cheguei', 'Chegada à filial/destino');
    expect(await kinds()).toEqual(['scheduled', 'arrived', 'arrived']);
  });

  it('sends a tap made while an earlier one is still on its way, without waiting for the retry', {
    timeout: 60_000,
  }, async () => {
    const { page, kinds } = await driverPage();
    // The first post crawls (a weak signal): the second tap comes while the island is sending it.
    let first = true;
    await page.route('**/eventos', async (route) => {
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      }
      await route.continue();
    });

    await page.getByRole('button', { name: 'Coletei' }).click();
    await page.getByRole('button', { name: 'Cheguei' }).click();

    // Well within the island's 20 s retry: the second tap is sent as soon as the first is settled.
    await said(page).getByText('Registrado: Chegada à filial/destino.').waitFor({ timeout: 12_000 });
    expect(await kinds()).toEqual(['scheduled', 'picked_up', 'arrived']);
  });

  it('records an event with the plain form when JavaScript is off', { timeout: 60_000 }, async () => {
    const { page, kinds } = await driverPage({ javaScriptEnabled: false });

    await page.getByLabel('Cidade onde você está (como “Marabá/PA”)').fill('Marabá/PA');
    const response = await clickThrough(page, page.getByRole('button', { name: 'Estou a caminho' }));

    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).search).toBe('?registrado=in_transit');
    await expect(said(page).innerText()).resolves.toBe('Registrado: Em trânsito.');
    await expect(page.getByRole('region', { name: 'Já registrado' }).innerText()).resolves.toContain('Marabá/PA');
    expect(await kinds()).toEqual(['scheduled', 'in_transit']);
  });
});
