import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openSqlite } from '../../server/composition/repository';
import { SESSION_COOKIE } from '../../server/team/sessions';
import { HONEYPOT_FIELD, LEAD_FORM_ID, STAMP_FIELD } from '../../shared/contact-form';
import { SUSPECT_REASONS } from '../../shared/spam';
import { type ContactValues, field, submitButton, successToast } from '../../test/support/contact-page';
import { ADMIN_TOKEN, bearer } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { pressedTwice } from '../../test/support/pressed-twice';
import { browserForThisFile, clickThrough, hydrateIslands, PHONE, unexpected } from '../../test/support/site';
import { header, startSmtp } from '../../test/support/smtp';
import { startTeamServer } from '../../test/support/team';
import { needs } from '../../test/support/tools';
import { eventually } from '../../test/support/wait';
import { startWebhookReceiver, WEBHOOK_SECRET } from '../../test/support/webhooks';

// Issue 35, "Real Chromium" and "Without JavaScript", on the built server. A visitor whose browser
// autofilled the field people never see is held in Suspeitos, not lost and not delivered; a member's
// "Não é spam", pressed twice in a hurry, delivers it once (one e-mail, one webhook verified with the
// Standard Webhooks library) with the time it first arrived. Without JavaScript, a person typing at a
// person's pace is delivered as a lead, while a script that posts the form as soon as it has the page
// is held for its speed: the render stamp works where no script runs.

const browser = browserForThisFile();

/** How long the dispatcher gets to (wrongly) deliver a held post: a few of its 2 s polls. */
const DISPATCHER_POLLS_MS = 5_000;
/** After the expected deliveries, how long a duplicate on its way gets to arrive before counting. */
const DUPLICATE_GRACE_MS = 2_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The built server with the SMTP capture, a verifying webhook receiver, the API token and no rate limit. */
async function startSite() {
  const smtp = await startSmtp();
  const webhooks = await startWebhookReceiver();
  onTestFinished(() => webhooks.close());
  const server = await startTeamServer({
    SMTP_URL: smtp.url,
    LEADS_TO: 'vendas@rotanorte.com.br',
    WEBHOOK_URL: webhooks.url,
    WEBHOOK_SECRET,
    ADMIN_TOKEN,
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_HOUR: '0',
  });
  onTestFinished(async () => void (await server.stop()));
  // A salesperson, signed in as a sign-in leaves them: the session written into the server's own file.
  const store = openSqlite(server.dataDir);
  const { cookie } = await signedInMember(store, 'vendas');
  await store.close();
  const secret = cookie.slice(`${SESSION_COOKIE}=`.length);
  return { smtp, webhooks, server, cookie, secret };
}

type Site = Awaited<ReturnType<typeof startSite>>;

/** Types each value into its field, key by key, `delay` ms apart: a person's pace, not a script's. */
async function typeAtPace(page: Page, values: Partial<ContactValues>, delay: number) {
  for (const [name, value] of Object.entries(values) as [keyof ContactValues, string][])
    await field(page, name).pressSequentially(value, { delay });
}

/** The ids of every contact GET /api/contacts lists (the API token's view: leads only). */
async function listedContacts(site: Site) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${site.server.url}/api/contacts?page=${page}&limit=100`, {
      headers: { Authorization: bearer },
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: string; email: string }[] };
    ids.push(...data.map(({ id, email }) => `${id} ${email}`));
    if (data.length < 100) return ids;
  }
}

/** The member's browser at `pathname`, at 375 px with touch, signed in. */
const memberPage = (site: Site, pathname: string) =>
  browser.open(new URL(pathname, site.server.url).href, { viewport: PHONE, hasTouch: true, isMobile: true }, (page) =>
    page.context().addCookies([
      {
        name: SESSION_COOKIE,
        value: site.secret,
        // Host-only (no leading dot), as the server's __Host- cookie is; localhost counts as secure.
        domain: new URL(site.server.url).hostname,
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]),
  );

/** The folder's item of the post sent by `name`. */
const heldPost = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Envios, do mais novo ao mais antigo' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The e-mails at the capture for `email` (the sales team answers to the visitor: Reply-To). */
const mailsFor = (site: Site, email: string) =>
  site.smtp.messages.filter((message) => message.headers.get('reply-to')?.includes(email));

/** The verified contact.created webhooks for the contact `id`. */
const webhooksFor = (site: Site, id: string) =>
  site.webhooks.deliveries.filter(({ body }) => body.type === 'contact.created' && body.data.id === id);

describe('suspected spam in Chromium', needs('chromium'), () => {
  it('holds an autofilled honeypot post, never delivers it, and delivers it once on "Não é spam"', {
    timeout: 120_000,
  }, async () => {
    const site = await startSite();
    const visitor = {
      name: 'Raimunda Figueiredo',
      email: 'raimunda@moveisdoxingu.com.br',
      message: 'Frete de moveis de Altamira para Belem, 12 m3, coleta na quarta. Whats 93 99123-4567',
    };

    // A phone at 375 px, JavaScript on: the visitor types at a person's pace.
    const { page, problems } = await browser.open(`${site.server.url}/#contact`, {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    await hydrateIslands(page);
    await typeAtPace(page, visitor, 40);
    // Autofill writes the field people never see as it writes the others: its value, then input and change.
    await page.evaluate(
      ([form, name]) => {
        const input = document.querySelector<HTMLInputElement>(`#${form} [name="${name}"]`)!;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
          input,
          'https://www.moveisdoxingu.com.br',
        );
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      [LEAD_FORM_ID, HONEYPOT_FIELD],
    );
    const posted = page.waitForResponse((response) => response.request().method() === 'POST');
    await submitButton(page).tap();
    const reply = await posted;
    const sent = JSON.parse(reply.request().postData() ?? '{}') as Record<string, string>;
    expect(sent[HONEYPOT_FIELD], 'o campo preenchido pelo navegador vai no envio').toBe(
      'https://www.moveisdoxingu.com.br',
    );
    expect(sent[STAMP_FIELD]).toBeTruthy();
    // The same answer as any lead: the visitor is told it was sent.
    expect(reply.status()).toBe(201);
    const { data: held } = (await reply.json()) as { data: { id: string; createdAt: string } };
    const sentAt = Date.now();
    await successToast(page).waitFor();
    expect(unexpected(problems)).toEqual([]);

    // Held: not in the API's listing…
    expect((await listedContacts(site)).filter((line) => line.includes(visitor.email))).toEqual([]);
    // …and waiting in Suspeitos, with why and what they wrote.
    const member = await memberPage(site, '/painel/suspeitos');
    expect(member.response?.status()).toBe(200);
    const item = heldPost(member.page, visitor.name);
    await expect(item.count()).resolves.toBe(1);
    const shown = await item.innerText();
    expect(shown).toContain(SUSPECT_REASONS.honeypot.label);
    expect(shown).toContain(visitor.message);
    await expect(item.locator('time').getAttribute('datetime')).resolves.toBe(held.createdAt);

    // Nothing went out while the dispatcher polled.
    await sleep(Math.max(0, sentAt + DISPATCHER_POLLS_MS - Date.now()));
    expect(mailsFor(site, visitor.email)).toEqual([]);
    expect(site.webhooks.deliveries.map(({ body }) => body.data.email)).not.toContain(visitor.email);
    expect(site.smtp.messages).toEqual([]);
    expect(site.webhooks.deliveries).toEqual([]);

    // "Não é spam", tapped twice before the first answer came back.
    const releasedAt = Date.now();
    const release = item.getByRole('button', { name: 'Não é spam' });
    // Where the thumb lands: on the button, scrolled into the 375 px screen.
    await release.scrollIntoViewIfNeeded();
    const box = (await release.boundingBox())!;
    const action = `${site.server.url}/painel/suspeitos/${held.id}/liberar`;
    const answers = await pressedTwice(member.page, action, () =>
      member.page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2),
    );
    expect(answers.map(({ status }) => status)).toEqual([303, 303]);
    expect(answers.map(({ location }) => new URL(location!, site.server.url).searchParams.get('aviso'))).toEqual([
      'liberado',
      'ja-liberado',
    ]);
    // The second tap's page: a calm notice that it had been released, no error.
    await member.page.waitForURL(/aviso=ja-liberado/);
    await expect(member.page.getByText('Este contato já tinha sido liberado.').count()).resolves.toBe(1);
    // The first tap's page, as a reload of it shows.
    await member.page.goto(new URL(answers[0]!.location!, site.server.url).href);
    await expect(
      member.page.getByText('Contato liberado: está na caixa de entrada e foi para a entrega.').count(),
    ).resolves.toBe(1);
    await expect(heldPost(member.page, visitor.name).count()).resolves.toBe(0);
    expect(unexpected(member.problems, /requestfailed: POST \S+\/liberar net::ERR_ABORTED/)).toEqual([]);

    // Delivered once, by e-mail and to the CRM, with the time it first arrived.
    await eventually(() => {
      expect(mailsFor(site, visitor.email)).toHaveLength(1);
      expect(webhooksFor(site, held.id)).toHaveLength(1);
    }, 15_000);
    await sleep(DUPLICATE_GRACE_MS);
    const [mail] = mailsFor(site, visitor.email);
    expect(site.smtp.messages).toHaveLength(1);
    expect(header(mail!, 'reply-to')).toContain(visitor.email);
    expect(mail!.text).toContain(visitor.message);
    const [webhook] = webhooksFor(site, held.id);
    expect(site.webhooks.deliveries).toHaveLength(1);
    expect(site.webhooks.rejected).toEqual([]);
    expect(webhook!.body.data).toMatchObject({ id: held.id, email: visitor.email, createdAt: held.createdAt });
    expect(Date.parse(String(webhook!.body.data.createdAt))).toBeLessThan(releasedAt - DISPATCHER_POLLS_MS / 2);

    // A lead now: in the inbox and in the API's listing.
    await member.page.goto(`${site.server.url}/painel`);
    await expect(
      member.page
        .getByRole('list', { name: /^Leads/ })
        .getByRole('heading', { name: visitor.name })
        .count(),
    ).resolves.toBe(1);
    expect(await listedContacts(site)).toContain(`${held.id} ${visitor.email}`);
  });

  it('delivers a person typing without JavaScript, and holds a script that posts at once', {
    timeout: 120_000,
  }, async () => {
    const site = await startSite();
    const people = [
      { name: 'Ana Paula Lima', email: 'ana@graosdotocantins.com.br', message: 'Frete de soja de Palmas a Itaqui.' },
      { name: 'Jose Carvalho', email: 'jose@ceramicasantarem.com.br', message: 'Telhas de Santarem para Macapa.' },
      { name: 'Lucia Barros', email: 'lucia@pescadosdoamapa.com.br', message: 'Peixe congelado, Macapa a Belem.' },
    ];
    for (const person of people) {
      const { page, problems } = await browser.open(`${site.server.url}/#contact`, { javaScriptEnabled: false });
      await typeAtPace(page, person, 60);
      const confirmation = await clickThrough(page, submitButton(page));
      expect(confirmation?.request().redirectedFrom()?.method()).toBe('POST');
      expect(new URL(page.url()).search).toBe('?contato=enviado');
      expect(unexpected(problems)).toEqual([]);
    }

    // A script: the page, then the form posted with the stamp it found, at once.
    const bot = {
      name: 'Marcos Teixeira',
      email: 'marcos@fretesrapidos.com.br',
      message: 'Cotacao de frete para Manaus.',
    };
    const html = await (await fetch(`${site.server.url}/`)).text();
    const stamp = new RegExp(`name=${STAMP_FIELD} [^>]*value=([^\\s>]+)`).exec(html)?.[1];
    expect(stamp, 'o carimbo no HTML da página').toBeTruthy();
    const botReply = await fetch(`${site.server.url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...bot, [STAMP_FIELD]: stamp! }),
      redirect: 'manual',
    });
    // The same answer as a person gets.
    expect([botReply.status, botReply.headers.get('location')]).toEqual([303, '/?contato=enviado#contact']);

    // The people are leads, e-mailed once each; the script is not.
    await eventually(() => {
      for (const { email } of people) expect(mailsFor(site, email)).toHaveLength(1);
    }, 15_000);
    const listed = await listedContacts(site);
    for (const { email } of people) expect(listed.filter((line) => line.endsWith(` ${email}`))).toHaveLength(1);
    expect(listed.filter((line) => line.endsWith(` ${bot.email}`))).toEqual([]);

    // In the folder: the script alone, for its speed.
    const member = await memberPage(site, '/painel/suspeitos');
    for (const { name } of people) await expect(heldPost(member.page, name).count()).resolves.toBe(0);
    const held = heldPost(member.page, bot.name);
    await expect(held.count()).resolves.toBe(1);
    expect(await held.innerText()).toContain(SUSPECT_REASONS.fast.label);
    expect(mailsFor(site, bot.email)).toEqual([]);
  });
});
