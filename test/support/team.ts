import { randomUUID } from 'node:crypto';
import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Repository } from '../../server/composition/repository';
import { proposalLink, proposalMessage } from '../../server/proposals/messages';
import { SESSION_COOKIE } from '../../server/team/sessions';
import { fullQuote, validQuote } from './leads';
import { addMember } from './members';
import { sampleTerms } from './proposals';
import { spawnServer, tempDataDir, whenServing } from './server-process';
import { clickThrough } from './site';
import type { Received } from './smtp';
import { eventually, freePort } from './wait';

/**
 * Chromium's virtual authenticator on `page` (the CDP WebAuthn domain, as Epic Stack tests its
 * passkeys): a platform authenticator that keeps discoverable credentials and verifies its user,
 * answering every ceremony at once as a phone's unlock would.
 */
export async function addAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The passkeys this device holds. */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** The device is lost: every passkey on it with it. */
    lose: () => cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId }),
  };
}

/**
 * The built server at http://localhost:PORT, its PUBLIC_URL: WebAuthn's relying party must be a
 * host name, never an IP address, and browsers count localhost as a secure context.
 */
export async function startTeamServer(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = tempDataDir();
  const child = spawnServer({ ...env, PORT: String(port), PUBLIC_URL: url }, dataDir);
  const server = await whenServing(child, `http://127.0.0.1:${port}`, dataDir);
  return { ...server, url };
}

/** The setup link the server printed at start (one line, docs/requirements.md §6.3). */
export function setupLinkOf(logs: Record<string, unknown>[]) {
  const line = logs.find((entry) => typeof entry.setupLink === 'string');
  expect(line?.msg).toMatch(
    /^ninguém da equipe tem acesso ainda: abra http:\/\/localhost:\d+\/entrar\/configurar\?token=/,
  );
  return String(line!.setupLink);
}

/**
 * Sets `cookie` (`name=value`, as test/support/members.ts's sessionOf makes it) in `page`'s browser as
 * a sign-in at `url` leaves it: the browser tests that are not about signing in start signed in.
 */
export const plantSession = (page: Page, url: string, cookie: string) =>
  page.context().addCookies([
    {
      name: SESSION_COOKIE,
      value: cookie.slice(`${SESSION_COOKIE}=`.length),
      domain: new URL(url).hostname,
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
  ]);

/** The newest message to `to` whose subject matches, once it has arrived. */
export const mailTo = (messages: Received[], to: string, subject: RegExp) =>
  eventually(() => {
    const found = messages.findLast(
      (message) => message.recipients.includes(to) && subject.test(message.headers.get('subject')?.[0] ?? ''),
    );
    if (!found) throw new Error(`nenhum e-mail para ${to} com assunto ${subject}`);
    return found;
  }, 15_000);

/** The six digits of a code e-mail. */
export const codeIn = (message: Received) => /Seu código de acesso é (\d{6})\./.exec(message.text)![1]!;

/** Registers a passkey on the account page, named `name`, and resolves once it has led to the panel. */
export async function enrolPasskey(page: Page, name: string) {
  await page.getByLabel('Nome desta chave').fill(name);
  await page.getByRole('button', { name: 'Cadastrar chave de acesso' }).click();
  await page.waitForURL((url) => url.pathname === '/painel');
}

/** The page's "Sair" button, behind "Menu" on a phone (TeamDocument.tsx), and the sign-in page it leads back to. */
export async function signOut(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await clickThrough(page, page.getByRole('button', { name: /^Sair/ }));
  expect(new URL(page.url()).pathname).toBe('/entrar');
}

/**
 * A quote of `email`'s stored beside the running server at `url`, and its proposal as the workplace
 * sends it, through the server's real SMTP server (`messages`): the e-mail's link once it arrives.
 */
export async function proposalMailedTo(
  { store, url, messages }: { store: Repository; url: string; messages: Received[] },
  email: string,
) {
  const { record } = await store.quotes.createQuote(validQuote({ ...fullQuote, email }));
  const seller = await addMember(store, 'vendas');
  const terms = sampleTerms();
  await store.proposals.createProposal(
    record.id,
    randomUUID(),
    terms,
    {},
    (token) => proposalMessage(record, terms, proposalLink(new URL(url), token), seller.email),
    { actor: { kind: 'member', id: seller.id, email: seller.email } },
  );
  const mail = await mailTo(messages, email, /^Proposta de frete Campinas\/SP → Belém\/PA/);
  return { quoteId: record.id, link: /http:\/\/\S+\/proposta\/\S+/.exec(mail.text)![0] };
}
