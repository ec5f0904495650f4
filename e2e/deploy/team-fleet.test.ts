import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/team/sessions';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { send, startFleet } from '../../test/support/fleet';
import { LEADS_TO } from '../../test/support/instance';
import { ADMIN_TOKEN } from '../../test/support/leads';
import type { RunningServer } from '../../test/support/server-process';
import { browserForThisFile, clickThrough } from '../../test/support/site';
import { startSmtp } from '../../test/support/smtp';
import { addAuthenticator, codeIn, enrolPasskey, mailTo, setupLinkOf, signOut } from '../../test/support/team';
import { needs } from '../../test/support/tools';
import { eventually, freePort } from '../../test/support/wait';

// Issue 33, "Two replicas behind the kit's HAProxy, on PostgreSQL": a member signs in through the
// proxy in real Chromium; their requests land on both replicas and stay signed in; a code asked
// of one replica is confirmed on the other; a revocation through one replica is refused by the
// other at the next request; a rolling restart signs nobody out. Sessions, ceremonies and codes
// live in the database (docs/decisions/029-sign-in-and-sessions.md): kept in a replica's memory, each of these
// would fail.

const browser = browserForThisFile();

const ADMIN = { name: 'Ana Admin', email: 'ana@rotanorte.com.br' };
const SELLER = { name: 'Bruno Vendas', email: 'bruno@rotanorte.com.br' };

type LogLine = { req?: { id?: string; path?: string }; res?: { status?: number } };

/** Which replica (0 or 1) logged the request `id`; undefined while neither has. */
const servedBy = (replicas: RunningServer[], id: string) => {
  const index = replicas.findIndex((replica) => replica.logs.some((entry) => (entry as LogLine).req?.id === id));
  return index < 0 ? undefined : index;
};

/** Resolves with the replica that logged `id`, once one has (a line is written as the response closes). */
const whoServed = (replicas: RunningServer[], id: string) =>
  eventually(() => {
    const index = servedBy(replicas, id);
    if (index === undefined) throw new Error(`nenhuma réplica registrou a requisição ${id}`);
    return index;
  });

describe(
  'the team signed in across two replicas behind the proxy, on PostgreSQL',
  needs('postgres', 'haproxy', 'chromium'),
  () => {
    const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

    it('holds every session on both replicas, ends a revoked one on both, and through a rolling restart', {
      timeout: 150_000,
    }, async () => {
      await store.ensure();
      const smtp = await startSmtp();
      // WebAuthn's relying party is a host name: the replicas and the browser both say localhost.
      const proxyPort = await freePort();
      const site = `http://localhost:${proxyPort}`;
      const { replicas, proxy, restartInTurn } = await startFleet(
        {
          DATABASE_URL: store.url,
          PUBLIC_URL: site,
          SMTP_URL: smtp.url,
          LEADS_TO: LEADS_TO.join(','),
          ADMIN_TOKEN,
        },
        proxyPort,
      );
      const viaProxy = (method: 'GET' | 'POST', path: string, options?: Parameters<typeof send>[4]) =>
        send(proxy.url, site, method, path, options);
      const direct = (index: number, method: 'GET' | 'POST', path: string, options?: Parameters<typeof send>[4]) =>
        send(replicas[index]!.url, site, method, path, options);

      // The first admin, from the link a replica printed, through the proxy; then out, and back in
      // with the passkey alone: the ceremony's challenge is in the database, whichever replica answers.
      const admin = await browser.open(setupLinkOf(replicas[0]!.logs));
      await addAuthenticator(admin.page);
      await admin.page.getByLabel('Seu nome').fill(ADMIN.name);
      await admin.page.getByLabel('Seu e-mail').fill(ADMIN.email);
      await clickThrough(admin.page, admin.page.getByRole('button', { name: 'Continuar' }));
      await enrolPasskey(admin.page, 'Celular da Ana');
      await signOut(admin.page);
      await admin.page.getByRole('button', { name: 'Entrar com chave de acesso' }).click();
      await admin.page.waitForURL((url) => url.pathname === '/painel');
      const ceremony = ['/entrar/chave/opcoes', '/entrar/chave'].map((path) =>
        replicas.findLastIndex((replica) => replica.logs.some((entry) => (entry as LogLine).req?.path === path)),
      );
      console.info(
        `passkey sign-in: options from replica ${ceremony[0]! + 1}, answer verified by replica ${ceremony[1]! + 1}`,
      );
      const cookieOf = async (page: typeof admin.page) => {
        const cookie = (await page.context().cookies(site)).find((each) => each.name === SESSION_COOKIE);
        expect(cookie).toBeDefined();
        return `${cookie!.name}=${cookie!.value}`;
      };
      const adminCookie = await cookieOf(admin.page);

      // Signed in on both: the proxy takes turns (roundrobin), and each replica reads the same session.
      const panelIds = Array.from({ length: 6 }, (_, n) => `painel-${n}`);
      for (const id of panelIds) {
        const reply = await viaProxy('GET', '/painel', { cookie: adminCookie, id });
        expect(reply.status).toBe(200);
        expect(reply.body).toContain(ADMIN.name);
      }
      const panelReplicas = await Promise.all(panelIds.map((id) => whoServed(replicas, id)));
      expect(new Set(panelReplicas)).toEqual(new Set([0, 1]));

      // The admin invites a seller, who takes the code path with plain form posts: the code is asked
      // of one replica and confirmed on the other.
      await admin.page.goto(`${site}/painel/equipe`);
      await admin.page.getByLabel('Nome', { exact: true }).fill(SELLER.name);
      await admin.page.getByLabel('E-mail', { exact: true }).fill(SELLER.email);
      await admin.page.getByLabel('Papel', { exact: true }).selectOption('vendas');
      await admin.page.getByRole('button', { name: 'Enviar convite' }).click();
      await admin.page.getByText(`Convite enviado para ${SELLER.email}.`).waitFor();
      const asked = await viaProxy('POST', '/entrar/codigo', { form: { email: SELLER.email }, id: 'codigo-pedido' });
      expect(asked.status).toBe(303);
      const code = codeIn(await mailTo(smtp.messages, SELLER.email, /código de acesso/));
      const confirmed = await viaProxy('POST', '/entrar/codigo/confirmar', {
        form: { email: SELLER.email, code },
        id: 'codigo-confirmado',
      });
      expect([confirmed.status, confirmed.location]).toEqual([303, '/painel/conta']);
      const [askedOn, confirmedOn] = [
        await whoServed(replicas, 'codigo-pedido'),
        await whoServed(replicas, 'codigo-confirmado'),
      ];
      console.info(`code path: asked on replica ${askedOn + 1}, confirmed on replica ${confirmedOn + 1}`);
      expect(confirmedOn).not.toBe(askedOn);

      // The seller's browser carries that session on to enrol a passkey: a whole session, new id.
      const seller = await browser.open(`${site}/painel/conta`, {}, (page) =>
        page.context().addCookies([
          {
            name: SESSION_COOKIE,
            value: confirmed.cookie!.split('=')[1]!,
            // As the replica set it: a host-only cookie (Playwright's `url` would make it not Secure).
            domain: 'localhost',
            path: '/',
            secure: true,
            httpOnly: true,
            sameSite: 'Lax',
          },
        ]),
      );
      await addAuthenticator(seller.page);
      await enrolPasskey(seller.page, 'Notebook');
      const sellerCookie = await cookieOf(seller.page);
      for (const index of [0, 1])
        expect((await direct(index, 'GET', '/painel', { cookie: sellerCookie })).status).toBe(200);

      // Revoked through replica 1: the very next request to replica 2 is refused.
      const [{ id: sellerId }] = (
        await store.admin.query<{ id: string }>(`SELECT id FROM ${store.schema}.members WHERE email = $1`, [
          SELLER.email,
        ])
      ).rows as [{ id: string }];
      const sent = performance.now();
      const revoked = await direct(0, 'POST', `/painel/equipe/${sellerId}/revogar`, {
        cookie: adminCookie,
        form: { para: 'ninguem' },
      });
      const answered = performance.now();
      expect(revoked.status).toBe(200);
      expect(revoked.body).toContain(`Acesso de ${SELLER.name} revogado.`);
      const refused = await direct(1, 'GET', '/painel', { cookie: sellerCookie });
      const refusedAt = performance.now();
      expect([refused.status, refused.location]).toEqual([303, '/entrar']);
      console.info(
        `revocation: answered by replica 1 in ${(answered - sent).toFixed(0)} ms; the next request to replica 2, ` +
          `${(refusedAt - answered).toFixed(0)} ms later, refused (${(refusedAt - sent).toFixed(0)} ms in all)`,
      );
      for (let n = 0; n < 4; n++) {
        const reply = await viaProxy('GET', '/painel', { cookie: sellerCookie });
        expect([reply.status, reply.location]).toEqual([303, '/entrar']);
      }
      await seller.page.reload();
      expect(new URL(seller.page.url()).pathname).toBe('/entrar');

      // A rolling restart under a loop of the admin's page GETs: nobody is signed out, nothing fails.
      const agent = new Agent({ keepAlive: true });
      const outcomes: (number | string)[] = [];
      let running = true;
      const loop = async () => {
        while (running) {
          try {
            const reply = await viaProxy('GET', '/painel', { cookie: adminCookie, agent });
            outcomes.push(reply.status === 303 ? `303 ${reply.location}` : reply.status);
          } catch (error) {
            outcomes.push((error as NodeJS.ErrnoException).code ?? String(error));
          }
          await sleep(10);
        }
      };
      const loops = [loop(), loop()];
      await restartInTurn();
      // The loop runs on until both new processes have answered some of it.
      const answeredLoop = (replica: RunningServer) =>
        replica.logs.some((entry) => (entry as LogLine).req?.path === '/painel');
      await eventually(() => expect(replicas.map(answeredLoop)).toEqual([true, true]), 15_000);
      running = false;
      await Promise.all(loops);
      agent.destroy();
      const signedOut = outcomes.filter((outcome) => outcome === '303 /entrar');
      const failed = outcomes.filter((outcome) => outcome !== 200 && outcome !== '303 /entrar');
      console.info(
        `rolling restart: ${outcomes.length} signed-in GETs of /painel, ${signedOut.length} sent to /entrar, ${failed.length} failed`,
      );
      expect({ signedOut: signedOut.length, failed }).toEqual({ signedOut: 0, failed: [] });
      await admin.page.goto(`${site}/painel`);
      expect(new URL(admin.page.url()).pathname).toBe('/painel');

      expect(admin.problems).toEqual([]);
      expect(seller.problems).toEqual([]);
    });
  },
);
