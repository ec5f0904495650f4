import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ContactFields } from '../../shared/contact';
import { createTestApp } from '../../test/support/app';
import { type Backend, backendsForThisFile } from '../../test/support/backends';
import { readable, storeContact } from '../../test/support/inbox';
import { ADMIN_TOKEN, bearer, sampleContact, sampleQuote, validContact, validQuote } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { payloadOf } from '../../test/support/outbox';
import type { Repository } from '../composition/repository';
import { OUTCOMES } from './routes';

// The "Suspeitos" folder (docs/requirements.md §6.4) over real HTTP on both backends:
// what a salesperson sees of a held post, and the two buttons that decide it, each exactly once.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };
const CHANNELS = ['email', 'webhook'] as const;

/** The page's words without its markup, as a screen reader reads them out. */
const words = (html: string) => readable(html.replace(/<[^>]+>/g, ''));

/** The posts a folder page shows, in its order, by the id in each "Não é spam" form. */
const shown = (html: string) =>
  [...html.matchAll(/action="\/painel\/suspeitos\/([0-9a-f-]{36})\/liberar"/g)].map((m) => m[1]!);

/** A post held by the honeypot (weight 1.5) without the form's stamp (0.7): a suspect; its id. */
async function suspect(repository: Repository, fields: Partial<ContactFields> = {}) {
  const { result, verdict } = await repository.contacts.receiveContact(validContact({ ...sampleContact, ...fields }), {
    honeypot: true,
    stamp: { kind: 'none' },
  });
  expect(verdict?.suspect).toBe(true);
  return result.record.id;
}

/** A contact stored with both its deliveries claimed, as the dispatcher holds them mid-flight. */
async function inFlight(repository: Repository, name: string) {
  const id = await storeContact(repository, { name });
  const mail = repository.outbox.channel('email');
  const hook = repository.outbox.channel('webhook');
  const [mailing, posting] = [(await mail.claim(60_000))!, (await hook.claim(60_000))!];
  expect([mailing.record, posting.record]).toMatchObject([{ id }, { id }]);
  return { id, mail, hook, mailing, posting };
}

const arrived = (backend: Backend, id: string, at: string) =>
  backend.exec(`UPDATE suspects SET created_at = '${at}' WHERE id = '${id}'`);

describe.each(backendsForThisFile())('the Suspeitos folder on $name', (backend) => {
  async function folder() {
    const repository = await backend.fresh({ channels: [...CHANNELS] });
    const { app } = createTestApp({ repository, adminToken: ADMIN_TOKEN });
    const seller = await signedInMember(repository, 'vendas');
    const get = (path: string) => request(app).get(path).set('Cookie', seller.cookie);
    const post = (path: string, body: Record<string, string> = {}) =>
      request(app).post(path).set(SAME_SITE).set('Cookie', seller.cookie).type('form').send(body);
    const outboxOf = async (id: string) => (await backend.rows('outbox')).filter((row) => row.lead_id === id);
    const inInbox = async (id: string) => (await repository.inbox.listLeads({}, 100)).some((row) => row.id === id);
    const inApi = async (id: string) =>
      (await request(app).get('/api/contacts').set('Authorization', bearer).expect(200)).text.includes(id);
    return { app, repository, seller, get, post, outboxOf, inInbox, inApi };
  }

  it('lists held posts newest first, whole, with each reason’s label and weight, and counts both tabs', async () => {
    const { repository, get } = await folder();
    const older = await suspect(repository, {
      name: 'Renata Souza',
      company: 'Grãos do Cerrado',
      message: 'Preciso de frete de <b>soja</b>\nde Sorriso/MT para Santos/SP, 30 t.',
      source: { utmSource: 'google', utmCampaign: 'frete-graos' },
    });
    const newer = await suspect(repository, { name: 'Bot Promo', message: 'SEO barato em www.promo.xyz agora' });
    await arrived(backend, older, '2026-11-20T13:00:00.000Z');
    await arrived(backend, newer, '2026-11-24T12:30:00.000Z');

    const res = await get('/painel/suspeitos').expect(200);

    expect(shown(res.text)).toEqual([newer, older]);
    const text = readable(res.text);
    expect(text).toContain('Suspeitos (2)');
    expect(text).toContain('Marcados como spam (0)');
    expect(text).toContain('Preciso de frete de <b>soja</b>\nde Sorriso/MT para Santos/SP, 30 t.');
    expect(res.text).not.toContain('<b>soja</b>');
    expect(text).toContain('Grãos do Cerrado');
    expect(text).toContain('google / frete-graos');
    expect(text).toContain('20/11/2026, 10:00');
    // The first weights (shared/spam.ts), in pt-BR decimals: nothing was marked yet.
    expect(words(res.text)).toContain('Preencheu o campo que os visitantes não veem (peso 1,5)');
    expect(words(res.text)).toContain('Enviado sem passar pelo formulário do site (peso 0,7)');
    expect(words(res.text)).toContain('Links na mensagem (peso 0,45): 1');
    // The freight request's words, by the shipped prior, take off what they may beside a hard signal.
    expect(words(res.text)).toContain(
      'Texto comparado a exemplos de pedidos e de spam, e aos que a equipe já marcou (peso −0,15)',
    );
    expect(words(res.text)).toContain('Pontuação: 2,05 (retido a partir de 1,0)');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(readable((await get('/painel').expect(200)).text)).toContain('Suspeitos (2)');
  });

  it('names a value it cannot read above the list and still answers 200', async () => {
    const { repository, get } = await folder();
    const id = await suspect(repository);

    const res = await get('/painel/suspeitos?estado=lixo&apos=nada').expect(200);

    expect(readable(res.text)).toContain('Pasta desconhecida: mostramos os Suspeitos.');
    expect(readable(res.text)).toContain('Link de página inválido: voltamos ao começo da lista.');
    expect(shown(res.text)).toEqual([id]);
  });

  it('pages 50 at a time, and a button on a later page answers back to that page', async () => {
    const { repository, get, post } = await folder();
    const ids: string[] = [];
    for (let n = 0; n < 51; n++) ids.push(await suspect(repository, { email: `p${n}@example.com` }));
    const first = await get('/painel/suspeitos').expect(200);
    const older = /<a href="([^"]+)">Mais antigos<\/a>/.exec(first.text)![1]!.replaceAll('&amp;', '&');
    const apos = new URL(older, 'http://x').searchParams.get('apos')!;

    const second = await get(older).expect(200);
    const [last] = shown(second.text);
    const res = await post(`/painel/suspeitos/${last}/spam`, { apos });

    expect(shown(first.text)).toHaveLength(50);
    expect(shown(second.text)).toHaveLength(1);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/painel/suspeitos?apos=${encodeURIComponent(apos)}&aviso=spam`);
  });

  it('“Não é spam” makes it a contact with its arrival time, in the inbox, delivered once per channel', async () => {
    const { repository, get, post, outboxOf, inApi } = await folder();
    const id = await suspect(repository, { name: 'Marcos Teixeira' });
    await arrived(backend, id, '2026-11-24T12:30:00.000Z');
    expect(await outboxOf(id)).toEqual([]);

    const res = await post(`/painel/suspeitos/${id}/liberar`);

    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/painel/suspeitos?aviso=liberado&lead=${id}`);
    const [row] = (await repository.inbox.listLeads({}, 10)).filter((lead) => lead.id === id);
    expect(row).toMatchObject({ name: 'Marcos Teixeira', createdAt: '2026-11-24T12:30:00.000Z' });
    expect((await outboxOf(id)).map((out) => out.channel).sort()).toEqual([...CHANNELS]);
    expect(await inApi(id)).toBe(true);
    const after = readable((await get(res.headers.location!).expect(200)).text);
    expect(after).toContain(OUTCOMES.liberado.text);
    expect(after).toContain(`href="/painel/leads/${id}"`);
    expect(after).toContain('Suspeitos (0)');
  });

  it('two releases at once make one contact and one set of deliveries; the second is told calmly', async () => {
    const { repository, get, post, outboxOf } = await folder();
    const id = await suspect(repository);

    const answers = await Promise.all([
      post(`/painel/suspeitos/${id}/liberar`),
      post(`/painel/suspeitos/${id}/liberar`),
    ]);

    expect(answers.map((res) => res.status)).toEqual([303, 303]);
    expect(answers.map((res) => new URL(res.headers.location!, 'http://x').searchParams.get('aviso')).sort()).toEqual([
      'ja-liberado',
      'liberado',
    ]);
    expect((await repository.inbox.listLeads({}, 10)).filter((lead) => lead.id === id)).toHaveLength(1);
    expect(await outboxOf(id)).toHaveLength(CHANNELS.length);
    const again = readable((await get(`/painel/suspeitos?aviso=ja-liberado&lead=${id}`).expect(200)).text);
    expect(again).toContain('Este contato já tinha sido liberado.');
  });

  it('“É spam” keeps it out of the inbox and the API, in its own tab, where “Não é spam” still releases it', async () => {
    const { repository, get, post, outboxOf, inInbox, inApi } = await folder();
    const id = await suspect(repository, { name: 'Oferta Imperdível' });

    const marked = await post(`/painel/suspeitos/${id}/spam`);
    const twice = await post(`/painel/suspeitos/${id}/spam`);

    expect(marked.headers.location).toBe('/painel/suspeitos?aviso=spam');
    expect(twice.status).toBe(303);
    expect(twice.headers.location).toBe('/painel/suspeitos?aviso=ja-spam');
    expect(await inInbox(id)).toBe(false);
    expect(await inApi(id)).toBe(false);
    expect(await outboxOf(id)).toEqual([]);
    expect(shown((await get('/painel/suspeitos').expect(200)).text)).toEqual([]);
    const tab = await get('/painel/suspeitos?estado=spam').expect(200);
    expect(shown(tab.text)).toEqual([id]);
    expect(readable(tab.text)).toContain('Marcados como spam (1)');
    // The spam tab offers "Não é spam" only.
    expect(tab.text).not.toContain(`/painel/suspeitos/${id}/spam"`);

    const released = await post(`/painel/suspeitos/${id}/liberar`, { estado: 'spam' });

    expect(released.headers.location).toBe(`/painel/suspeitos?estado=spam&aviso=liberado&lead=${id}`);
    expect(await inInbox(id)).toBe(true);
    expect(await outboxOf(id)).toHaveLength(CHANNELS.length);
  });

  it('“É spam” on a contact’s page takes it out of the inbox and the API, with its pending deliveries', async () => {
    const { repository, seller, get, post, outboxOf, inInbox, inApi } = await folder();
    const id = await storeContact(repository, { name: 'Link Builder' });
    await repository.inbox.changeLead(id, 1, { note: 'Parece spam.' }, { actor: { kind: 'member', ...seller.member } });
    // Its e-mail and webhook, and the note's update for the CRM: none made yet.
    expect((await outboxOf(id)).filter((row) => row.status === 'pending')).toHaveLength(CHANNELS.length + 1);
    expect((await get(`/painel/leads/${id}`).expect(200)).text).toContain(`action="/painel/leads/${id}/spam"`);

    const res = await post(`/painel/leads/${id}/spam`);
    const twice = await post(`/painel/leads/${id}/spam`);

    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/painel/suspeitos?estado=spam&aviso=movido');
    expect(twice.headers.location).toBe('/painel/suspeitos?estado=spam&aviso=ja-spam');
    expect(await inInbox(id)).toBe(false);
    expect(await inApi(id)).toBe(false);
    expect((await outboxOf(id)).filter((row) => row.status === 'pending')).toEqual([]);
    expect(await repository.inbox.leadNotes(id)).toEqual([]);
    const tab = readable((await get(res.headers.location!).expect(200)).text);
    expect(tab).toContain(OUTCOMES.movido.text);
    expect(tab).toContain('Link Builder');
    expect((await get(`/painel/leads/${id}`)).status).toBe(404);
    // Quotes are not weighed: their page has no "É spam".
    const { record: quote } = await repository.quotes.createQuote(validQuote(sampleQuote));
    expect((await get(`/painel/leads/${quote.id}`).expect(200)).text).not.toContain('/spam"');
    const [line] = await repository.audit.readAudit({ action: 'suspect.spam', limit: 1 });
    expect(line).toMatchObject({ actorId: seller.member.id, leadIds: [id] });
  });

  it('“Não é spam” on a moved contact delivers it only where it had not been delivered yet', async () => {
    const { repository, post, outboxOf, inInbox } = await folder();
    const id = await storeContact(repository, { name: 'Cliente Engano' });
    // Its e-mail reached the team before the wrong mark; its webhook had not reached the CRM.
    await backend.exec(
      `UPDATE outbox SET status = 'sent', sent_at = '2026-11-26T12:00:00.000Z', attempts = 1
         WHERE lead_id = '${id}' AND channel = 'email'`,
    );
    await post(`/painel/leads/${id}/spam`).expect(303);

    const res = await post(`/painel/suspeitos/${id}/liberar`, { estado: 'spam' });

    expect(res.status).toBe(303);
    expect(await inInbox(id)).toBe(true);
    const rows = await outboxOf(id);
    // Issue 35: released "stored, mailed and posted exactly once": the team is not mailed it twice.
    expect(rows.filter((row) => row.channel === 'email').map((row) => row.status)).toEqual(['sent']);
    expect(rows.filter((row) => row.channel === 'webhook').map((row) => row.status)).toEqual(['pending']);
  });

  it('counts a released post as a new lead, and a contact brought back from spam not a second time', async () => {
    const { app, repository, post, inInbox } = await folder();
    const created = async () => {
      const text = (await request(app).get('/metrics').set('Authorization', bearer).expect(200)).text;
      return Number(/^site_leads_created_total\{type="contact"\} (\d+)$/m.exec(text)?.[1]);
    };
    const id = (await request(app).post('/api/contacts').send(sampleContact).expect(201)).body.data.id as string;
    expect(await created()).toBe(1);

    await post(`/painel/leads/${id}/spam`).expect(303);
    await post(`/painel/suspeitos/${id}/liberar`, { estado: 'spam' }).expect(303);
    expect(await inInbox(id)).toBe(true);
    expect(await created()).toBe(1);

    const held = await suspect(repository, { name: 'Retido Na Chegada' });
    await post(`/painel/suspeitos/${held}/liberar`).expect(303);
    expect(await inInbox(held)).toBe(true);
    expect(await created()).toBe(2);
  });

  // A delivery in flight when the contact is moved: its outcome, not the move, decides the row.
  it('“É spam” during a delivery keeps its success on record, and a failed one is not tried again', async () => {
    const { repository, post, outboxOf } = await folder();
    const { id, mail, hook, mailing, posting } = await inFlight(repository, 'Cliente Em Voo');

    await post(`/painel/leads/${id}/spam`).expect(303);
    // The e-mail reaches the team after the move; the CRM's webhook fails.
    await mail.markSent(mailing);
    await hook.retryLater(posting, 0, 'HTTP 503');

    // Marked spam, the contact is not posted on the retry, nor counted as waiting or failed.
    expect(await hook.claim(60_000)).toBeUndefined();
    expect(await repository.outbox.counts()).toMatchObject({
      email: { pending: 0 },
      webhook: { pending: 0, failed: 0 },
    });
    // Neither row keeps a copy of the contact.
    expect((await outboxOf(id)).map(payloadOf)).toEqual([{}, {}]);

    await post(`/painel/suspeitos/${id}/liberar`, { estado: 'spam' }).expect(303);
    // Released: mailed once in all (that delivery counted), posted now.
    const statuses = (await repository.outbox.ofLead(id)).map((row) => [row.channel, row.status]);
    expect(statuses).toEqual([
      ['email', 'sent'],
      ['webhook', 'pending'],
    ]);
    expect((await hook.claim(60_000))?.record).toMatchObject({ id });
    expect(await mail.claim(60_000)).toBeUndefined();
  });

  it('a delivery withdrawn by “É spam” that is then given up is no failure to alert on', async () => {
    const { repository, post, outboxOf } = await folder();
    const id = await storeContact(repository, { name: 'Cliente Desistido' });
    const hook = repository.outbox.channel('webhook');
    const posting = (await hook.claim(60_000))!;

    await post(`/painel/leads/${id}/spam`).expect(303);
    await hook.markFailed(posting, 'HTTP 410');

    expect((await repository.outbox.counts()).webhook).toEqual({ pending: 0, failed: 0 });
    expect((await outboxOf(id)).map((row) => [row.channel, row.status])).toEqual([['webhook', 'withdrawn']]);
  });

  it('“Não é spam” while a withdrawn delivery is in flight sends the contact once per channel', async () => {
    const { repository, post, outboxOf } = await folder();
    const { id, mail, hook, mailing, posting } = await inFlight(repository, 'Cliente De Volta');
    await post(`/painel/leads/${id}/spam`).expect(303);

    await post(`/painel/suspeitos/${id}/liberar`, { estado: 'spam' }).expect(303);
    // The flights land after the release: the e-mail arrives, the webhook fails once.
    await mail.markSent(mailing);
    await hook.retryLater(posting, 0, 'HTTP 503');

    expect(await mail.claim(60_000)).toBeUndefined();
    expect((await hook.claim(60_000))?.record).toMatchObject({ id });
    expect(await hook.claim(60_000)).toBeUndefined();
    expect((await outboxOf(id)).map((row) => [row.channel, row.status])).toEqual([
      ['email', 'sent'],
      ['webhook', 'pending'],
    ]);
  });

  // LGPD art. 18 §6 (docs/requirements.md §10.17): a contact moved to spam had been a lead, and
  // may have reached the CRM as one before the move.
  it('an erasure of a moved contact takes its deliveries’ rows and tells the CRM that had it', async () => {
    const { app, repository, post, outboxOf } = await folder();
    const id = await storeContact(repository, { name: 'Cliente Apagado', email: 'apagar@empresa.com.br' });
    await backend.exec(
      `UPDATE outbox SET status = 'sent', sent_at = '2026-11-26T12:00:00.000Z', attempts = 1, payload = '{}'
         WHERE lead_id = '${id}' AND channel = 'webhook'`,
    );
    await post(`/painel/leads/${id}/spam`).expect(303);
    expect((await outboxOf(id)).map((row) => row.channel)).toEqual(['webhook']);

    const res = await request(app)
      .delete('/api/subjects?email=apagar@empresa.com.br')
      .set('Authorization', bearer)
      .expect(200);

    expect(res.body.data).toMatchObject({ contacts: 0, suspects: 1 });
    expect(await outboxOf(id)).toEqual([]);
    const notices = (await backend.rows('outbox')).filter((row) => row.kind === 'subject.erased');
    expect(notices.map(payloadOf)).toMatchObject([{ email: 'apagar@empresa.com.br', contacts: [id], quotes: [] }]);
  });

  it('sends a visitor without a session to /entrar, and refuses a post from another site', async () => {
    const { app, repository, seller } = await folder();
    const id = await suspect(repository, { name: 'Joana Prado' });

    const anonymous = await request(app).get('/painel/suspeitos').expect(303);
    const crossSite = await request(app)
      .post(`/painel/suspeitos/${id}/liberar`)
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Cookie', seller.cookie)
      .type('form')
      .send('');

    expect(anonymous.headers.location).toBe('/entrar?volta=%2Fpainel%2Fsuspeitos');
    expect(anonymous.text).not.toContain('Joana Prado');
    expect(crossSite.status).toBe(403);
    expect(readable(crossSite.text)).toMatch(/só pode ser enviado a partir do nosso próprio site/);
    expect(shown((await request(app).get('/painel/suspeitos').set('Cookie', seller.cookie)).text)).toEqual([id]);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'nao-e-um-id'])(
    'answers the site’s 404 page for a post %s that is not there',
    async (id) => {
      const { post } = await folder();

      for (const path of [
        `/painel/suspeitos/${id}/liberar`,
        `/painel/suspeitos/${id}/spam`,
        `/painel/leads/${id}/spam`,
      ]) {
        const res = await post(path);
        expect(res.status, path).toBe(404);
        expect(res.headers['content-type'], path).toMatch(/^text\/html/);
        expect(readable(res.text), path).toContain('Página não encontrada');
      }
    },
  );
});
