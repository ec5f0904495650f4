import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SQLITE_FILE } from '../../server/db/sqlite';
import { subtractBusinessMillis } from '../../shared/business-hours';
import { DEFAULT_CALENDAR } from '../../shared/holidays';
import { axeViolations, describeViolations } from '../../test/support/axe';
import { firstAdmin, invitedMember } from '../../test/support/sales-team';
import { browserForThisFile, DESKTOP, PHONE, screenshot, unexpected } from '../../test/support/site';
import { receipts, startSmtp } from '../../test/support/smtp';
import { mailTo, signOut, startTeamServer } from '../../test/support/team';
import { needs } from '../../test/support/tools';

// Issue 54, "From the e-mail to the lead in one tap", in Chromium at 375 px with touch, on the built
// server and a real SMTP server: a lead arrives, the salesperson, signed out, taps the e-mail's link,
// signs in with the passkey and is back on the lead, and taps "Respondi". Every tap is counted. The
// visitor's receipt carries the promise and nothing they typed. Then the list's whole card opens a
// lead, and the pages are kept as screenshots at 375 and 1280 px.

const browser = browserForThisFile();

const ADMIN = { name: 'Marina Costa', email: 'marina@rotanorte.com.br' };
const SELLER = { name: 'João Araújo', email: 'joao@rotanorte.com.br', role: 'vendas' } as const;
const LEADS_TO = 'vendas@rotanorte.com.br';

const LEAD = {
  name: 'Joana Ribeiro',
  email: 'joana@acaidopara.com.br',
  phone: '(91) 98765-4321',
  company: 'Açaí do Pará Distribuidora',
  message: 'Carga de açaí de São Paulo para Belém: 26 t congeladas, coleta na segunda-feira.',
};

/** The morning's other leads, each put at a point of its clock for the screenshots. */
const OTHERS = [
  { name: 'Rafael Mendes', company: 'Cafés do Cerrado', waited: 20, message: 'Frete de café para Manaus, 30 t.' },
  {
    name: 'Sérgio Nascimento',
    company: 'Metalúrgica Vale do Aço',
    phone: '(31) 99876-5432',
    waited: 100,
    message: 'Rotas para Rondônia.',
  },
  {
    name: 'Luciana Barros',
    company: 'Construtora Barros',
    phone: '(63) 3215-4400',
    waited: 200,
    message: 'Vergalhões para Palmas.',
  },
  { name: 'Paulo Souza', company: 'Currículo', waited: 400, message: 'Gostaria de trabalhar como motorista.' },
];

async function post(url: string, body: object) {
  const res = await fetch(`${url}/api/contacts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** Moves leads back in the server's own file, as time would have; one closed as Não é venda. */
function arrange(dataDir: string, arrivals: Map<string, number>, notSales: string) {
  const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
  try {
    for (const [id, minutes] of arrivals) {
      const at = subtractBusinessMillis(new Date(), minutes * 60_000, DEFAULT_CALENDAR).toISOString();
      db.prepare('UPDATE contacts SET created_at = ? WHERE id = ?').run(at, id);
    }
    db.prepare("UPDATE contacts SET status = 'not_sales', responded_at = ?, version = version + 1 WHERE id = ?").run(
      new Date().toISOString(),
      notSales,
    );
  } finally {
    db.close();
  }
}

async function expectNoViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('from the e-mail to the lead, in Chromium at 375 px', needs('chromium'), () => {
  it('signs in from the link and answers the lead in three taps; the receipt holds nothing typed', {
    timeout: 180_000,
  }, async () => {
    const smtp = await startSmtp();
    const server = await startTeamServer({ SMTP_URL: smtp.url, LEADS_TO });
    onTestFinished(async () => void (await server.stop()));
    const options = { viewport: PHONE, hasTouch: true, isMobile: true, bypassCSP: true };
    const admin = await firstAdmin(browser, server, ADMIN, options);
    const seller = await invitedMember(
      browser,
      { server, admin: admin.page, messages: smtp.messages },
      SELLER,
      options,
    );
    const { page } = seller;
    await signOut(page);

    // The lead arrives; the e-mail to sales links to its page.
    const id = await post(server.url, LEAD);
    const notification = await mailTo(smtp.messages, LEADS_TO, /Nova solicitação de contato/);
    const link = `${server.url}/painel/leads/${id}`;
    expect(notification.text).toContain(link);
    expect(notification.html).toContain(`href="${link}"`);

    // The visitor's receipt: the promise, and nothing of what they typed.
    const receipt = await mailTo(smtp.messages, LEAD.email, /Recebemos sua solicitação/);
    expect(receipts(smtp.messages)).toHaveLength(1);
    expect(receipt.text).toMatch(/Nossa equipe responde em até 2 horas úteis: até .+\(horário de Brasília\)\./);
    for (const typed of [LEAD.name, 'Joana', LEAD.company, LEAD.phone, 'açaí', 'Belém'])
      expect(`${receipt.rawHeaders}\n${receipt.text}`).not.toContain(typed);

    // Tap 1: the link in the mail app. Signed out, it goes to sign in, the lead kept as where to go back.
    let taps = 0;
    const tap = async (target: Locator) => {
      taps++;
      await target.tap();
    };
    taps++;
    await page.goto(link);
    expect(new URL(page.url()).pathname).toBe('/entrar');
    expect(new URL(page.url()).searchParams.get('volta')).toBe(`/painel/leads/${id}`);

    // Tap 2: the passkey (the phone's unlock answers at once), and the lead's page is open.
    const passkey = page.getByRole('button', { name: 'Entrar com chave de acesso' });
    await passkey.and(page.locator(':enabled')).waitFor();
    await tap(passkey);
    await page.waitForURL((url) => url.pathname === `/painel/leads/${id}`);
    const main = page.locator('main');
    await expect(main.innerText()).resolves.toMatch(/Responder até (hoje|amanhã|[a-zç]{3}\.|\d\d\/\d\d), \d{1,2}h\d\d/);
    // What the person sent comes before the forms; the answer links carry +55, WhatsApp for a mobile.
    const text = await main.innerText();
    expect(text.indexOf(LEAD.message)).toBeLessThan(text.indexOf('Salvar situação'));
    const answer = page.getByRole('navigation', { name: 'Responder' });
    await expect(answer.getByRole('link', { name: 'Ligar' }).getAttribute('href')).resolves.toBe('tel:+5591987654321');
    await expect(answer.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).resolves.toBe(
      'https://wa.me/5591987654321',
    );
    await expect(answer.getByRole('link', { name: 'Responder por e-mail' }).getAttribute('href')).resolves.toMatch(
      /^mailto:joana@acaidopara\.com\.br\?subject=/,
    );

    // Tap 3: Respondi. The clock stops, and the page says it saved.
    await tap(page.getByRole('button', { name: 'Respondi' }));
    await page.waitForURL((url) => url.searchParams.get('salvo') === 'respondi');
    await expect(page.getByRole('status').filter({ hasText: 'Salvo' }).innerText()).resolves.toContain(
      'marcado como respondido',
    );
    await expect(page.locator('.lead-status').innerText()).resolves.toBe(
      `Situação: Em contato · Responsável: ${SELLER.name}`,
    );
    await expect(main.innerText()).resolves.toMatch(/Respondido em \d+ min úteis/);
    expect(taps).toBe(3);

    // The morning's other leads, at each point of their clock, one closed as Não é venda.
    const others = new Map<string, number>();
    for (const [n, other] of OTHERS.entries())
      others.set(
        await post(server.url, { ...other, waited: undefined, email: `pessoa${n}@example.com.br` }),
        other.waited,
      );
    const jobSeeker = [...others.keys()].at(-1)!;
    arrange(server.dataDir, others, jobSeeker);

    // The whole card opens its lead: a tap on its far corner, away from the name.
    await page.goto(`${server.url}/painel`);
    const card = page
      .getByRole('list', { name: /^Leads/ })
      .getByRole('listitem')
      .filter({ hasText: 'Sérgio Nascimento' });
    await card.scrollIntoViewIfNeeded();
    // In the viewport's coordinates, where a finger lands.
    const box = (await card.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expect(card.getByRole('link').count()).resolves.toBe(1);
    await expect(card.getByRole('button').count()).resolves.toBe(0);
    await expect(card.innerText()).resolves.toMatch(/Vence em breve[\s\S]*Responder até/);
    await page.touchscreen.tap(box.x + box.width - 8, box.y + box.height - 8);
    await page.waitForURL((url) => url.pathname.startsWith('/painel/leads/'));
    const atRisk = page.url();

    // Kept for review at both widths: the list, and a lead still waiting.
    for (const [size, viewport] of [
      ['375', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/painel`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await screenshot(page, `inbox-${size}`);
      await expectNoViolations(page);
      await page.goto(atRisk);
      await screenshot(page, `lead-${size}`);
      await expectNoViolations(page);
    }

    expect(unexpected(seller.problems)).toEqual([]);
  });
});
