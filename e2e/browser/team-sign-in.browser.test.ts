import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { browserForThisFile, clickThrough, PHONE } from '../../test/support/site';
import { startSmtp } from '../../test/support/smtp';
import {
  addAuthenticator,
  codeIn,
  enrolPasskey,
  mailTo,
  setupLinkOf,
  signOut,
  startTeamServer,
} from '../../test/support/team';
import { needs } from '../../test/support/tools';

// Issue 33's flows, end to end in real Chromium with its virtual authenticator, on the built server
// with a real SMTP server catching the codes: setup link → first admin; an invitation → a `vendas`
// member enrols from the code in their e-mail; sign out and in with the passkey; every passkey
// lost → recovery by code. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.

const browser = browserForThisFile();
const pg = TEST_DATABASE_URL ? postgresSchemaForThisFile(TEST_DATABASE_URL) : undefined;
const databases = [
  { name: 'SQLite', env: async () => ({}) },
  ...(pg
    ? [
        {
          name: 'PostgreSQL',
          env: async () => {
            await pg.ensure();
            return { DATABASE_URL: pg.url };
          },
        },
      ]
    : []),
];

const ADMIN = { name: 'Ana Admin', email: 'ana@rotanorte.com.br' };
const SELLER = { name: 'Bruno Vendas', email: 'bruno@rotanorte.com.br' };

/** The code path, from /entrar to a session that may add a passkey. */
async function signInByCode(page: Page, email: string, messages: Parameters<typeof mailTo>[0]) {
  await clickThrough(page, page.getByRole('link', { name: 'Receba um código por e-mail' }));
  await page.getByLabel('Seu e-mail').fill(email);
  const sentBefore = messages.length;
  await clickThrough(page, page.getByRole('button', { name: 'Enviar código' }));
  await expect.poll(() => messages.length, { timeout: 15_000 }).toBeGreaterThan(sentBefore);
  const code = codeIn(await mailTo(messages, email, /código de acesso/));
  await page.getByLabel('Código de 6 dígitos').fill(code);
  await clickThrough(page, page.getByRole('button', { name: 'Confirmar' }));
  expect(new URL(page.url()).pathname).toBe('/painel/conta');
}

describe.each(databases)('the sales team signs in, on $name', needs('chromium'), ({ env }) => {
  const servers: { stop(): Promise<unknown> }[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('setup link, invitation by e-mail, passkey sign-in, and recovery by code', { timeout: 120_000 }, async () => {
    const smtp = await startSmtp();
    const server = await startTeamServer({
      ...(await env()),
      SMTP_URL: smtp.url,
      LEADS_TO: 'vendas@rotanorte.com.br',
    });
    servers.push(server);

    // The first admin, from the link printed at start.
    const admin = await browser.open(setupLinkOf(server.logs), { viewport: PHONE });
    const adminDevice = await addAuthenticator(admin.page);
    await admin.page.getByLabel('Seu nome').fill(ADMIN.name);
    await admin.page.getByLabel('Seu e-mail').fill(ADMIN.email);
    await clickThrough(admin.page, admin.page.getByRole('button', { name: 'Continuar' }));
    expect(new URL(admin.page.url()).pathname).toBe('/painel/conta');
    await enrolPasskey(admin.page, 'Celular da Ana');
    expect(await adminDevice.credentials()).toHaveLength(1);
    // The link has done its work: a second use finds it dead.
    const again = await fetch(setupLinkOf(server.logs));
    expect(again.status).toBe(410);

    // The admin invites a seller; the invitation goes by e-mail.
    await admin.page.goto(`${server.url}/painel/equipe`);
    await admin.page.getByLabel('Nome', { exact: true }).fill(SELLER.name);
    await admin.page.getByLabel('E-mail', { exact: true }).fill(SELLER.email);
    await admin.page.getByLabel('Papel', { exact: true }).selectOption('vendas');
    await admin.page.getByRole('button', { name: 'Enviar convite' }).click();
    await admin.page.getByText(`Convite enviado para ${SELLER.email}.`).waitFor();
    const invitation = await mailTo(smtp.messages, SELLER.email, /Convite/);
    const link = /http:\/\/localhost:\d+\/entrar\/convite\?token=[\w-]+/.exec(invitation.text)![0];

    // The seller opens it, gets a code at the same address, and enrols a passkey.
    const seller = await browser.open(link);
    const sellerDevice = await addAuthenticator(seller.page);
    await clickThrough(seller.page, seller.page.getByRole('button', { name: 'Enviar código' }));
    const code = codeIn(await mailTo(smtp.messages, SELLER.email, /código de acesso/));
    await seller.page.getByLabel('Código de 6 dígitos').fill(code);
    await clickThrough(seller.page, seller.page.getByRole('button', { name: 'Confirmar' }));
    await enrolPasskey(seller.page, 'Notebook');
    await expect(seller.page.getByRole('link', { name: 'Equipe' }).count()).resolves.toBe(0);

    // Signed out, then in again with the passkey alone.
    await signOut(seller.page);
    await seller.page.getByRole('button', { name: 'Entrar com chave de acesso' }).click();
    await seller.page.waitForURL((url) => url.pathname === '/painel');

    // Every passkey lost: a new device, recovered by a code, enrols a new one.
    await sellerDevice.lose();
    const newDevice = await addAuthenticator(seller.page);
    await signOut(seller.page);
    await signInByCode(seller.page, SELLER.email, smtp.messages);
    await enrolPasskey(seller.page, 'Celular novo');
    expect(await newDevice.credentials()).toHaveLength(1);

    // The audit record holds each step, read by the admin.
    await admin.page.goto(`${server.url}/painel/registro`);
    const record = await admin.page.locator('.audit-list').innerText();
    for (const action of ['Convite', 'Código enviado por e-mail', 'Chave de acesso adicionada', 'Entrada', 'Saída'])
      expect(record).toContain(action);
    expect(admin.problems).toEqual([]);
    expect(seller.problems.filter((problem) => !/http 410/.test(problem))).toEqual([]);
  });
});
