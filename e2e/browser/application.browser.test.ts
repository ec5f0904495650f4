import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openSqlite } from '../../server/composition/repository';
import { SESSION_COOKIE } from '../../server/team/sessions';
import { axeViolations, describeViolations } from '../../test/support/axe';
import { gapBetween } from '../../test/support/layout';
import { BY_TOKEN } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { cvPdf } from '../../test/support/pdf';
import { browserForThisFile, DESKTOP, PHONE } from '../../test/support/site';
import { startTeamServer } from '../../test/support/team';
import { needs } from '../../test/support/tools';

// Issue 56, "How it will be checked": in real Chromium at 375 px, with JavaScript and without, a
// driver applies to an open position with a real PDF; the admin finds the application in
// Candidaturas and downloads the very bytes sent; a salesperson cannot open the folder.

const browser = browserForThisFile();
const TOUCH = { viewport: PHONE, hasTouch: true, isMobile: true };
/** A PNG image, 1 × 1 px, as a phone's gallery would hand one over renamed .pdf. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const IS_PNG = 'O arquivo é uma imagem PNG com nome de PDF: envie o currículo em PDF.';

/** The built server with one open position, and an admin's and a salesperson's sessions in its file. */
async function startSite() {
  const server = await startTeamServer({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });
  onTestFinished(async () => void (await server.stop()));
  const store = openSqlite(server.dataDir);
  const position = await store.positions.create(
    { title: 'Motorista carreteiro', city: 'Marabá', uf: 'PA', kind: 'motorista', requirements: 'CNH E' },
    BY_TOKEN,
  );
  const secretOf = async (role: 'admin' | 'vendas') =>
    (await signedInMember(store, role)).cookie.slice(`${SESSION_COOKIE}=`.length);
  const sessions = { admin: await secretOf('admin'), vendas: await secretOf('vendas') };
  await store.close();
  return { server, position, sessions };
}
type Site = Awaited<ReturnType<typeof startSite>>;

/** A member's browser at `pathname`, at 375 px with touch, signed in. */
const memberPage = (site: Site, role: 'admin' | 'vendas', pathname: string) =>
  browser.open(new URL(pathname, site.server.url).href, TOUCH, (page) =>
    page.context().addCookies([
      {
        name: SESSION_COOKIE,
        value: site.sessions[role],
        domain: new URL(site.server.url).hostname,
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]),
  );

/** Fills what a driver types, at a person's pace (the render stamp, docs/requirements.md §10.9). */
async function fillAsDriver(page: Page, name: string, cv: Buffer) {
  const typed = {
    'Nome completo': name,
    'E-mail': 'motorista@exemplo.com.br',
    'Telefone ou WhatsApp': '(94) 99876-5432',
  };
  for (const [label, value] of Object.entries(typed))
    await page.getByLabel(label).pressSequentially(value, { delay: 40 });
  await page.getByLabel('Categoria da CNH').selectOption('E');
  await page.getByLabel('Carreta').fill('8');
  await page.getByLabel('Tenho o curso MOPP (cargas perigosas) válido').check();
  await page.getByLabel('Mensagem (opcional)').pressSequentially('Disponível para viagens longas.', { delay: 20 });
  await page.getByLabel('Li e concordo com o uso dos meus dados descrito acima.').check();
  await page.getByLabel('Currículo em PDF (até 5 MB)').setInputFiles({
    name: 'curriculo.pdf',
    mimeType: 'application/pdf',
    buffer: cv,
  });
}

/** The admin finds `name` in Candidaturas and downloads the CV: its bytes. */
async function downloadedBy(site: Site, name: string) {
  const { page } = await memberPage(site, 'admin', '/painel/candidaturas');
  await page.getByRole('link', { name, exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Baixar/ }).click(),
  ]);
  return readFile((await download.path())!);
}

describe('a driver’s application in Chromium at 375 px', needs('chromium'), () => {
  it('with JavaScript: the city from the suggestions, the PDF sent, the same bytes downloaded by the admin', {
    timeout: 120_000,
  }, async () => {
    const site = await startSite();
    const cv = cvPdf('Ana Motorista - CNH E - carreta');
    const { page, problems } = await browser.open(
      `${site.server.url}/trabalhe-conosco/candidatura?vaga=${site.position.id}`,
      TOUCH,
    );
    const city = page.getByRole('combobox', { name: 'Cidade onde mora' });
    await page.getByLabel('Cidade onde mora').focus();
    await city.pressSequentially('maraba', { delay: 40 });
    await page.getByRole('option', { name: 'Marabá – PA' }).click();
    await expect.poll(() => page.getByLabel(/^UF/).inputValue()).toBe('PA');
    await fillAsDriver(page, 'Ana Motorista', cv);

    await page.getByRole('button', { name: 'Enviar candidatura' }).click();

    await page.waitForURL('**/trabalhe-conosco/candidatura/enviada');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Candidatura recebida!');
    expect(problems).toEqual([]);
    expect((await downloadedBy(site, 'Ana Motorista')).equals(cv)).toBe(true);
  });

  it('without JavaScript: the multipart post alone, and a salesperson refused the folder', {
    timeout: 120_000,
  }, async () => {
    const site = await startSite();
    const cv = cvPdf('Bruno Motorista - CNH E - bitrem');
    const { page } = await browser.open(`${site.server.url}/trabalhe-conosco/candidatura`, {
      ...TOUCH,
      javaScriptEnabled: false,
    });
    await page.getByLabel('Cidade onde mora').fill('Marabá');
    await page.getByLabel(/^UF/).selectOption('PA');
    await fillAsDriver(page, 'Bruno Motorista', cv);

    await page.getByRole('button', { name: 'Enviar candidatura' }).click();

    await page.waitForURL('**/trabalhe-conosco/candidatura/enviada');
    expect((await downloadedBy(site, 'Bruno Motorista')).equals(cv)).toBe(true);
    const { response } = await memberPage(site, 'vendas', '/painel/candidaturas');
    expect(response?.status()).toBe(403);
  });

  it('keeps room between the form’s parts at 375 px: no field, text or box against the next', {
    timeout: 120_000,
  }, async () => {
    const site = await startSite();
    const { page } = await browser.open(`${site.server.url}/trabalhe-conosco/candidatura`, TOUCH);
    const label = (text: string) => page.locator('label, h2').filter({ hasText: text }).first();

    for (const [upper, lower] of [
      [page.locator('input[name="telefone"]'), label('Cidade onde mora')],
      [page.locator('textarea[name="mensagem"]'), label('Como usamos os seus dados')],
      [label('Li e concordo'), label('Currículo em PDF')],
      [page.locator('select[name="vaga"]'), label('Quero ficar no banco de talentos')],
    ] as const)
      expect(await gapBetween(upper, lower), (await lower.textContent()) ?? '').toBeGreaterThanOrEqual(12);
  });

  it('with JavaScript: names a PNG named .pdf as soon as it is chosen, and what is missing above the form, focused', {
    timeout: 120_000,
  }, async () => {
    const site = await startSite();
    const { page } = await browser.open(`${site.server.url}/trabalhe-conosco/candidatura`, TOUCH);
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
    await page.locator('form').hover();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island]')?.dataset.hydrated === 'true');

    await page.getByLabel('Currículo em PDF (até 5 MB)').setInputFiles({
      name: 'curriculo.pdf',
      mimeType: 'application/pdf',
      buffer: PNG,
    });

    const cvError = page.locator('.field--curriculo .field__error');
    await expect.poll(() => cvError.textContent()).toBe(IS_PNG);
    await page.getByRole('button', { name: 'Enviar candidatura' }).click();
    const alert = page.locator('form [role="alert"]');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    await expect(alert.getByRole('link').allTextContents()).resolves.toEqual([
      'Nome completo: Informe seu nome.',
      'E-mail: Informe seu e-mail.',
      'Telefone ou WhatsApp: Informe seu telefone ou WhatsApp.',
      'Cidade onde mora: Informe sua cidade.',
      'UF: Escolha a UF.',
      'Como usamos os seus dados: Para enviar, marque que leu e concorda com o uso dos seus dados.',
      `Currículo em PDF (até 5 MB): ${IS_PNG}`,
    ]);
    // Nothing was sent: the CV would have gone for nothing.
    expect(posts).toEqual([]);
    // The page scrolls smoothly (client/styles.css): the alert is in view once the scroll ends.
    await expect
      .poll(async () => {
        const { y } = (await alert.boundingBox())!;
        return y >= 0 && y < PHONE.height;
      })
      .toBe(true);
  });

  it('without JavaScript: opens the refused page on its alert, each problem linked to its field', {
    timeout: 120_000,
  }, async () => {
    const site = await startSite();
    const { page } = await browser.open(`${site.server.url}/trabalhe-conosco/candidatura`, {
      ...TOUCH,
      javaScriptEnabled: false,
    });
    await page.getByLabel('Cidade onde mora').fill('Marabá');
    await page.getByLabel(/^UF/).selectOption('PA');
    await fillAsDriver(page, 'Carla Motorista', PNG);

    await page.getByRole('button', { name: 'Enviar candidatura' }).click();

    await page.getByText(IS_PNG).first().waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('alert');
    const alert = page.locator('form [role="alert"]');
    await expect(alert.textContent()).resolves.toContain('Verifique os campos destacados e tente novamente.');
    await expect(alert.getByRole('link').allTextContents()).resolves.toEqual([
      `Currículo em PDF (até 5 MB): ${IS_PNG}`,
    ]);
    await expect(alert.getByRole('link').getAttribute('href')).resolves.toBe('#campo-curriculo');
  });

  it.each([
    ['375 px', PHONE],
    ['1280 px', DESKTOP],
  ])(
    'finds no accessibility violation on the form, nor on its errors, at %s',
    { timeout: 120_000 },
    async (_width, viewport) => {
      const site = await startSite();
      const { page } = await browser.open(`${site.server.url}/trabalhe-conosco/candidatura`, {
        viewport,
        bypassCSP: true,
      });
      expect(describeViolations(await axeViolations(page))).toBe('');
      // Sent empty but for the consent: the page again, a message under each field.
      await page.getByLabel('Li e concordo com o uso dos meus dados descrito acima.').check();
      await page.getByRole('button', { name: 'Enviar candidatura' }).click();
      await page.getByText('Anexe o seu currículo em PDF.').first().waitFor();
      expect(describeViolations(await axeViolations(page))).toBe('');
    },
  );
});
