import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { browserForThisFile } from './site';
import { clickThrough } from './site';
import type { Received } from './smtp';
import { addAuthenticator, codeIn, enrolPasskey, mailTo, setupLinkOf, signOut } from './team';

// The sales team as people make it, in Chromium with its virtual authenticator (docs/requirements.md §6.3's flows):
// the first admin from the setup link the server printed, then a member the admin invites by
// e-mail, who enrols a passkey and signs in with it. For the tests whose subject comes after.

type Browser = ReturnType<typeof browserForThisFile>;
type Person = { name: string; email: string };
type Server = { url: string; logs: Record<string, unknown>[] };

/** The first admin, signed in with a passkey from the setup link, on a page of their own. */
export async function firstAdmin(browser: Browser, server: Server, admin: Person, options: BrowserContextOptions) {
  const opened = await browser.open(setupLinkOf(server.logs), options);
  await addAuthenticator(opened.page);
  await opened.page.getByLabel('Seu nome').fill(admin.name);
  await opened.page.getByLabel('Seu e-mail').fill(admin.email);
  await clickThrough(opened.page, opened.page.getByRole('button', { name: 'Continuar' }));
  await enrolPasskey(opened.page, 'Notebook da empresa');
  return opened;
}

/**
 * A member of `role` invited by `admin` on /painel/equipe, who opens the e-mailed link on a device
 * of their own, confirms the code, enrols a passkey, signs out and signs in again with it alone.
 */
export async function invitedMember(
  browser: Browser,
  { server, admin, messages }: { server: Server; admin: Page; messages: Received[] },
  member: Person & { role: 'vendas' | 'admin' },
  options: BrowserContextOptions,
) {
  await admin.goto(`${server.url}/painel/equipe`);
  await admin.getByLabel('Nome', { exact: true }).fill(member.name);
  await admin.getByLabel('E-mail', { exact: true }).fill(member.email);
  await admin.getByLabel('Papel', { exact: true }).selectOption(member.role);
  await admin.getByRole('button', { name: 'Enviar convite' }).click();
  await admin.getByText(`Convite enviado para ${member.email}.`).waitFor();
  const invitation = await mailTo(messages, member.email, /Convite/);
  const link = /http:\/\/localhost:\d+\/entrar\/convite\?token=[\w-]+/.exec(invitation.text)![0];

  const opened = await browser.open(link, options);
  await addAuthenticator(opened.page);
  await clickThrough(opened.page, opened.page.getByRole('button', { name: 'Enviar código' }));
  const code = codeIn(await mailTo(messages, member.email, /código de acesso/));
  await opened.page.getByLabel('Código de 6 dígitos').fill(code);
  await clickThrough(opened.page, opened.page.getByRole('button', { name: 'Confirmar' }));
  await enrolPasskey(opened.page, 'Celular');
  await signOut(opened.page);
  await opened.page.getByRole('button', { name: 'Entrar com chave de acesso' }).click();
  await opened.page.waitForURL((url) => url.pathname === '/painel');
  expect(new URL(opened.page.url()).pathname).toBe('/painel');
  return opened;
}
