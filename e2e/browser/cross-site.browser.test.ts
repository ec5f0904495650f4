import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { FULL_REQUEST, fillContactForm, submitButton } from '../../test/support/contact-page';
import { clickThrough, siteForThisFile, storedContacts } from '../../test/support/site';
import { needs } from '../../test/support/tools';

const site = siteForThisFile({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });

/**
 * Another site, on another loopback address (so another site for the browser, not only another
 * port), whose page holds a form aimed at ours: what a page would do to post leads through its
 * visitors' browsers.
 */
async function hostileSite(target: string, email: string) {
  const page = `<!doctype html><meta charset="utf-8"><title>Promoção</title>
    <form method="post" action="${target}/api/contacts">
      <input name="name" value="Vítima"><input name="email" value="${email}"><input name="message" value="Enviado por outro site">
      <button>Ganhe um prêmio</button>
    </form>`;
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page),
  );
  server.listen(0, '127.0.0.2');
  await once(server, 'listening');
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.2:${(server.address() as AddressInfo).port}/`;
}

describe('a form on another site aimed at ours', { timeout: 20_000, ...needs('chromium') }, () => {
  it('lands the visitor on our Portuguese 403 page, and nothing is stored', async () => {
    const email = 'vitima.cross-site@exemplo.com.br';
    const { page } = await site.open(await hostileSite(site.url, email));

    const response = await clickThrough(page, page.getByRole('button', { name: 'Ganhe um prêmio' }));

    expect(response?.status()).toBe(403);
    expect(await response?.request().headerValue('sec-fetch-site')).toBe('cross-site');
    await expect(page.locator('#contact').getByText('Envio recusado').isVisible()).resolves.toBe(true);
    expect((await storedContacts(site.dataDir)).some((contact) => contact.email === email)).toBe(false);
  });
});

// What the cross-site check stands on (server/http/cross-site.ts, docs/requirements.md §10.11): the
// site's own form, posted by a browser without JavaScript, says where it comes from twice.
describe('the site’s own form without JavaScript', { timeout: 20_000, ...needs('chromium') }, () => {
  it('is posted with Sec-Fetch-Site: same-origin and the site’s Origin', async () => {
    const { page } = await site.open('/#contact', { javaScriptEnabled: false });
    await fillContactForm(page, { ...FULL_REQUEST, email: 'mesmo.site@exemplo.com.br' });

    const response = await clickThrough(page, submitButton(page));

    const post = response!.request().redirectedFrom()!;
    expect(post.method()).toBe('POST');
    expect(await post.headerValue('sec-fetch-site')).toBe('same-origin');
    expect(await post.headerValue('origin')).toBe(new URL(site.url).origin);
  });
});
