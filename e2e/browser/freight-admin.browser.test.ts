import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from '../../server/composition/repository';
import { openSqlite } from '../../server/composition/repository';
import { SQLITE_FILE } from '../../server/db/sqlite';
import { repositoryActs } from '../../server/freight/acts';
import { invite } from '../../server/team/invitations';
import { validQuote } from '../../test/support/leads';
import { browserForThisFile, clickThrough, PHONE, screenshot } from '../../test/support/site';
import { startTeamServer } from '../../test/support/team';
import { needs } from '../../test/support/tools';

// The admin's freight screens on a phone (docs/requirements.md §9.5): a lane and a new ANTT act
// entered at 375 px, with JavaScript and without, nothing scrolling sideways, and the quote's page
// reading the lane.

const browser = browserForThisFile();

let server: Awaited<ReturnType<typeof startTeamServer>>;
let store: Repository;

beforeAll(async () => {
  server = await startTeamServer({});
  store = openSqlite(server.dataDir);
}, 30_000);
afterAll(async () => {
  await store?.close();
  await server?.stop();
});

let invited = 0;

/** An admin's whole session, as team-accessibility.browser.test.ts opens one: an invitation, then the session made whole. */
async function signInAsAdmin(page: Page) {
  const { member, link, code } = await invite(store.team, new URL(server.url), false, {
    email: `admin-frete-${++invited}@example.com`,
    name: `Admin ${invited}`,
    role: 'admin',
  });
  await page.goto(link);
  await page.getByLabel('Código do convite').fill(code!);
  await clickThrough(page, page.getByRole('button', { name: 'Continuar' }));
  const db = new DatabaseSync(path.join(server.dataDir, SQLITE_FILE));
  try {
    db.prepare("UPDATE sessions SET purpose = 'full' WHERE member_id = ?").run(member.id);
  } finally {
    db.close();
  }
}

const open = (pathname: string, javaScriptEnabled: boolean) =>
  browser.open(new URL(pathname, server.url).href, { viewport: PHONE, javaScriptEnabled }, signInAsAdmin);

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The act's Tabela A as a spreadsheet copies it: tab-separated, decimal commas, a dash where it sets no floor. */
const pasted = () =>
  Object.entries(repositoryActs()[3]!.cells)
    .map(([cargo, row]) =>
      [
        cargo,
        ...Object.values(row).map((cell) =>
          cell.kind === 'priced' ? `${cell.ccd.replace('.', ',')} / ${cell.cc.replace('.', ',')}` : '—',
        ),
      ].join('\t'),
    )
    .join('\n');

describe('the freight screens at 375 px', { timeout: 60_000, ...needs('chromium') }, () => {
  for (const javaScriptEnabled of [true, false])
    it(`sets a lane and adds an act ${javaScriptEnabled ? 'with' : 'without'} JavaScript, nothing scrolling sideways`, async () => {
      const year = javaScriptEnabled ? 2027 : 2028;
      const { record } = await store.quotes.createQuote(
        validQuote({
          name: 'Marina',
          email: 'marina@example.com',
          origin: 'Belém/PA',
          destination: javaScriptEnabled ? 'Macapá/AP' : 'Santarém/PA',
          cargoType: 'carga_geral',
          vehicle: '28t',
          weightTons: 20,
        }),
      );
      const { page } = await open('/painel/frete/rotas', javaScriptEnabled);

      await page.getByLabel('Origem').fill('Belem/PA');
      await page.getByLabel('Destino').fill(javaScriptEnabled ? 'macapa - ap' : 'Santarem/PA');
      await page.getByLabel('Km por rodovia').fill('12');
      await page.getByLabel('Km de balsa (opcional)').fill('330');
      await clickThrough(page, page.getByRole('button', { name: 'Salvar a rota' }));

      await page.getByText('Rota salva.').waitFor();
      expect(await sideways(page)).toBe(0);
      await page.goto(new URL(`/painel/leads/${record.id}`, server.url).href);
      await page.getByText('12 km de rodovia e 330 km de balsa').waitFor();
      expect(await sideways(page)).toBe(0);

      await page.goto(new URL('/painel/frete/tabelas', server.url).href);
      await page.getByLabel('Nome do ato').fill(`Portaria SUROC nº 1/${year}`);
      await page.getByLabel('Em vigor desde').fill(`${year}-01-20`);
      await page.getByLabel('Onde foi publicado').fill(`DOU de 19/01/${year}, seção 1`);
      await page.getByLabel('Tabela A (carga lotação)').fill(pasted());
      expect(await sideways(page)).toBe(0);
      await clickThrough(page, page.getByRole('button', { name: 'Gravar a tabela' }));

      await page.getByText('Tabela gravada.').waitFor();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Portaria SUROC nº 1/${year}`);
      expect(await page.locator('td.freight-cell--blank').count()).toBe(6);
      expect(await sideways(page)).toBe(0);
      if (javaScriptEnabled) await screenshot(page, 'antt-table-375');
    });
});
