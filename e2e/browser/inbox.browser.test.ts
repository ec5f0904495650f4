import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SQLITE_FILE } from '../../server/db/sqlite';
import { axeViolations, describeViolations } from '../../test/support/axe';
import { pressedTwice } from '../../test/support/pressed-twice';
import { firstAdmin, invitedMember } from '../../test/support/sales-team';
import { browserForThisFile, clickThrough, DESKTOP, PHONE, screenshot, unexpected } from '../../test/support/site';
import { startSmtp } from '../../test/support/smtp';
import { type Cell, findSoffice, openInCalc } from '../../test/support/spreadsheet';
import { startTeamServer } from '../../test/support/team';
import { needs } from '../../test/support/tools';

// Issue 34, "Real Chromium": on a phone at 375 px (touch) and on a desktop at 1280 px, on the built
// server, a salesperson signs in with a passkey, finds a lead by words of its message typed without
// accents, takes it, adds a note, moves it to "Em contato" and sees its clock stop; an admin exports
// that view and opens the file in LibreOffice with the pt-BR import; axe finds nothing on the inbox
// and the lead's page as they stand after the work. The human slips ride along: a double click on
// the status button and Enter pressed twice on the note's button change the lead once.

const browser = browserForThisFile();
const soffice = findSoffice();

const ADMIN = { name: 'Marina Costa', email: 'marina@rotanorte.com.br' };
const SELLER = { name: 'João Araújo', email: 'joao@rotanorte.com.br', role: 'vendas' } as const;

/** The lead the salesperson looks for, and what it is looked for with. */
const ACAI = {
  name: 'Joana Ribeiro',
  email: 'joana@acaidopara.com.br',
  phone: '+55 91 98765-4321',
  company: 'Açaí do Pará Distribuidora',
  message: 'Carga de açaí de São Paulo para Belém: 26 t congeladas, coleta na segunda-feira.',
  source: { form: 'contato', page: '/', utmSource: 'google', utmCampaign: 'frete-norte' },
};
const SEARCH = 'acai sao paulo';
const NOTE = 'Liguei para a Joana: açaí congelado, coleta em São Paulo na segunda; pediu proposta até sexta.';

/** The other leads of the morning: one from São Paulo without açaí, so the search must hold both words. */
const OTHERS = [
  {
    path: '/api/contacts',
    body: {
      name: 'Rafael Mendes',
      email: 'rafael@cafesdoserrado.com.br',
      company: 'Cafés do Cerrado',
      message: 'Frete de café de São Paulo para Manaus, 30 toneladas por mês.',
    },
  },
  {
    path: '/api/quotes',
    body: {
      name: 'Conceição Araújo',
      email: 'conceicao@bebidasdonorte.com.br',
      company: 'Bebidas do Norte',
      origin: { city: 'Campinas', state: 'SP' },
      destination: { city: 'Belém', state: 'PA' },
      cargoType: 'bebidas',
      weightTons: 27.5,
    },
  },
  {
    path: '/api/quotes',
    body: {
      name: 'Luís Gonçalves',
      email: 'luis@eletronorte.com.br',
      origin: { city: 'Guarulhos', state: 'SP' },
      destination: { city: 'Manaus', state: 'AM' },
      cargoType: 'tecnologia',
      weightTons: 12,
    },
  },
];

/** A lead sent as the site's forms send it, through the public API; its id. */
async function post(url: string, apiPath: string, body: object) {
  const res = await fetch(`${url}${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/**
 * The açaí lead arrived a week ago and nobody answered: its arrival moved back in the server's own
 * file, as the passing of time would have left it. A week holds more than 2 business hours whatever
 * the day and the holidays, so the lead is overdue however late at night the test runs.
 */
function arrivedLastWeek(dataDir: string, id: string) {
  const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
  try {
    const weekAgo = new Date(Date.now() - 7 * 24 * 3_600_000).toISOString();
    expect(db.prepare('UPDATE contacts SET created_at = ? WHERE id = ?').run(weekAgo, id).changes).toBe(1);
  } finally {
    db.close();
  }
}

/** The inbox searched the way a person does: the words typed into Buscar, then Filtrar. */
async function search(page: Page, url: string, words: string) {
  await page.goto(`${url}/painel`);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(words);
  await clickThrough(page, page.getByRole('button', { name: 'Filtrar' }));
  expect(new URL(page.url()).searchParams.get('q')).toBe(words);
}

/** The inbox's list items, one per lead shown. */
const leadsShown = (page: Page) => page.getByRole('list', { name: /^Leads/ }).getByRole('listitem');

/** The card of the lead named `name` in the list. */
const cardOf = (page: Page, name: string) =>
  leadsShown(page).filter({ has: page.getByRole('link', { name, exact: true }) });

/** The names of the leads a view of the inbox lists. */
async function namesIn(page: Page, url: string) {
  await page.goto(url);
  return page
    .getByRole('list', { name: /^Leads/ })
    .getByRole('heading')
    .allInnerTexts();
}

/** Sends a form of the lead's page with `press`, then reads the page the POST-redirect-GET led to. */
async function submitOnLeadPage(page: Page, press: () => Promise<unknown>) {
  const back = page.waitForResponse(
    (response) =>
      response.request().isNavigationRequest() &&
      response.request().method() === 'GET' &&
      response.request().redirectedFrom()?.method() === 'POST',
  );
  await press();
  expect((await back).status()).toBe(200);
  await page.waitForLoadState('load');
}

/** pressedTwice on the page's own form, then the page read afresh, as a reload would: the statuses. */
async function statusesOfTwoPresses(page: Page, press: () => Promise<unknown>) {
  // The forms post to the lead's page itself, without the '?salvo=' its last redirect added.
  const url = page.url().split('?')[0]!;
  const answers = await pressedTwice(page, url, press);
  // The second answer's page, loaded before going on: a navigation now would cut it.
  const second = answers.at(-1)?.location;
  if (second) await page.waitForURL(new URL(second, url).href);
  await page.goto(url);
  return answers.map((answer) => answer.status);
}

async function expectNoViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** The text of the cell under `header` in `row`. */
function cellOf(headers: Cell[], row: Cell[], header: string) {
  const index = headers.findIndex((cell) => cell.type === 'text' && cell.text === header);
  expect(index, `coluna ${header}`).toBeGreaterThanOrEqual(0);
  const cell = row[index];
  return cell?.type === 'text' ? cell.text : cell;
}

/** How many times `text` appears in `within`'s text. */
const timesIn = async (within: Locator, text: string) => (await within.innerText()).split(text).length - 1;

describe('the lead inbox in Chromium', needs('chromium', 'soffice'), () => {
  it.each([
    { label: '375 px, touch', size: '375', device: { viewport: PHONE, hasTouch: true, isMobile: true } },
    { label: '1280 px', size: '1280', device: { viewport: DESKTOP } },
  ])(
    'finds, takes, notes and answers a lead, and exports it ($label)',
    { timeout: 120_000 },
    async ({ size, device }) => {
      const smtp = await startSmtp();
      const server = await startTeamServer({ SMTP_URL: smtp.url, LEADS_TO: 'vendas@rotanorte.com.br' });
      onTestFinished(async () => void (await server.stop()));
      // axe runs inside the page: the test lets it past the Content Security Policy.
      const options = { ...device, bypassCSP: true };

      // 1. The leads arrive through the public API, as the site's forms send them.
      const acaiId = await post(server.url, '/api/contacts', ACAI);
      arrivedLastWeek(server.dataDir, acaiId);
      for (const { path: apiPath, body } of OTHERS) await post(server.url, apiPath, body);

      // 2. The team: the first admin from the setup link, then a salesperson invited by e-mail, on a passkey.
      const admin = await firstAdmin(browser, server, ADMIN, options);
      const seller = await invitedMember(
        browser,
        { server, admin: admin.page, messages: smtp.messages },
        SELLER,
        options,
      );
      const { page } = seller;

      // Unanswered for a week, the lead is late: the Atrasados view lists it.
      expect(await namesIn(page, `${server.url}/painel?visao=atrasados`)).toContain(ACAI.name);

      // The salesperson looks for it by words of its message, without their accents.
      await search(page, server.url, SEARCH);
      await expect(leadsShown(page).count()).resolves.toBe(1);
      const card = cardOf(page, ACAI.name);
      // Its clock runs, past the promise: a wait in business hours, marked Atrasado.
      await expect(card.innerText()).resolves.toMatch(/Novo[\s\S]*Há \d+h(\d\d)? úteis\s+Atrasado/);
      await screenshot(page, `inbox-search-${size}`);
      await expectNoViolations(page);

      await clickThrough(page, card.getByRole('link', { name: ACAI.name }));
      expect(new URL(page.url()).pathname).toBe(`/painel/leads/${acaiId}`);
      const status = page.locator('.lead-status');
      await expect(status.innerText()).resolves.toBe('Situação: Novo · Responsável: ninguém');

      // Takes it.
      const take = page.getByRole('button', { name: 'Assumir este lead' });
      await submitOnLeadPage(page, () => (device.hasTouch ? take.tap() : take.click()));
      await expect(status.innerText()).resolves.toBe(`Situação: Novo · Responsável: ${SELLER.name}`);

      // A note, its button pressed twice with Enter, as an impatient thumb or keyboard does: one note.
      await page.getByLabel('Nota', { exact: true }).fill(NOTE);
      const save = page.getByRole('button', { name: 'Salvar nota' });
      await save.focus();
      const noteAnswers = await statusesOfTwoPresses(page, () => page.keyboard.press('Enter'));
      // Both after the redirect of POST-redirect-GET: the second is the first's, already applied, not a 409.
      expect(noteAnswers, 'respostas aos dois envios da nota').toEqual([303, 303]);
      const notes = page.getByRole('region', { name: 'Notas' });
      await expect(timesIn(notes, NOTE)).resolves.toBe(1);
      await expect(notes.innerText()).resolves.toContain(SELLER.name);

      // Em contato, its button pressed twice in a hurry: one change.
      await page.getByRole('combobox', { name: 'Situação' }).selectOption({ label: 'Em contato' });
      // Where the button is, tapped or clicked as a person does: a locator's click would wait for the
      // first navigation, which the slip does not.
      // In view first: what the person sent now comes before the forms, so the button may be below the fold.
      const saveStatus = page.getByRole('button', { name: 'Salvar situação' });
      await saveStatus.scrollIntoViewIfNeeded();
      const box = (await saveStatus.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      const statusAnswers = await statusesOfTwoPresses(page, () =>
        device.hasTouch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y),
      );
      expect(statusAnswers, 'respostas aos dois envios da situação').toEqual([303, 303]);
      await expect(status.innerText()).resolves.toBe(`Situação: Em contato · Responsável: ${SELLER.name}`);
      const history = page.getByRole('region', { name: 'Histórico' });
      await expect(timesIn(history, 'Situação: Novo → Em contato')).resolves.toBe(1);
      await expect(timesIn(history, `Responsável: ${SELLER.name}`)).resolves.toBe(1);
      await expect(timesIn(notes, NOTE)).resolves.toBe(1);
      // Nothing on the lead's page calls it late any more.
      await expect(page.locator('main').innerText()).resolves.not.toMatch(/atrasad|vence em breve/i);
      await screenshot(page, `lead-answered-${size}`);
      await expectNoViolations(page);

      // The clock has stopped: the lead left the Atrasados view, and its card says it was answered.
      expect(await namesIn(page, `${server.url}/painel?visao=atrasados`)).not.toContain(ACAI.name);
      await search(page, server.url, SEARCH);
      const answered = await cardOf(page, ACAI.name).innerText();
      expect(answered).toContain('Em contato');
      expect(answered).toContain(SELLER.name);
      // The wait shown is the time it took to answer, no longer a running one with the promise's mark.
      expect(answered).toMatch(/Respondido em \d+h(\d\d)? úteis/);
      expect(answered).not.toMatch(/Há |atrasad|vence em breve|no prazo/i);
      await screenshot(page, `inbox-answered-${size}`);

      // 3. The admin exports the same view from the inbox, and opens the file in LibreOffice, pt-BR.
      await search(admin.page, server.url, SEARCH);
      const exportLink = admin.page.getByRole('link', { name: /exportar|planilha|csv/i });
      await expect(exportLink.count(), 'o link de exportação da visão, na caixa de entrada').resolves.toBe(1);
      const href = new URL((await exportLink.getAttribute('href'))!, server.url);
      expect(href.pathname).toBe('/painel/leads.csv');
      expect(href.searchParams.get('q')).toBe(SEARCH);
      const [download] = await Promise.all([admin.page.waitForEvent('download'), exportLink.click()]);
      const file = await readFile(await download.path());
      const { leads } = await openInCalc(soffice!, { leads: file });
      const [headers, ...rows] = leads!;
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(cellOf(headers!, row, 'Nome')).toBe(ACAI.name);
      expect(cellOf(headers!, row, 'Empresa')).toBe(ACAI.company);
      expect(cellOf(headers!, row, 'Mensagem')).toBe(ACAI.message);
      expect(cellOf(headers!, row, 'Situação')).toBe('Em contato');
      expect(cellOf(headers!, row, 'Responsável')).toBe(SELLER.name);
      const notesCell = String(cellOf(headers!, row, 'Notas da equipe'));
      expect(notesCell).toContain(`${SELLER.name}: ${NOTE}`);
      expect(notesCell.split('\n')).toHaveLength(1);

      // A second press cuts the first POST, and the navigation it starts cuts the scripts still
      // loading; a page the seller was taken to is never cut.
      expect(unexpected(seller.problems, /requestfailed: (POST \S+|GET \S+\/assets\/\S+) net::ERR_ABORTED/)).toEqual(
        [],
      );
      // A download ends its navigation as aborted: the file is the answer, not a page.
      expect(unexpected(admin.problems, /requestfailed: GET \S+\/painel\/leads\.csv\?\S* net::ERR_ABORTED/)).toEqual(
        [],
      );
    },
  );
});
