import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { promiseCutoffs, subtractBusinessMillis } from '../../shared/business-hours';
import { dueAt, dueText } from '../../shared/due-time';
import { DEFAULT_CALENDAR } from '../../shared/holidays';
import { createTestApp } from '../../test/support/app';
import { type Backend, backendsForThisFile } from '../../test/support/backends';
import { readable, storeContact, storeQuote } from '../../test/support/inbox';
import { BY_TOKEN, validContact } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import type { Repository } from '../composition/repository';
import { INBOX_PAGE } from './list-routes';

// The inbox's list, /painel (docs/requirements.md §6.4), over real HTTP on both
// backends: what a salesperson sees, searches, filters and pages through.

const contact = (repository: Repository, fields: object = {}) => storeContact(repository, fields);
const quote = (repository: Repository, fields: object = {}) => storeQuote(repository, fields);

/** Sets a lead's arrival, as if it had come then: the list's order and the period filter read it. */
const arrived = (backend: Backend, table: 'contacts' | 'quotes', id: string, at: string) =>
  backend.exec(`UPDATE ${table} SET created_at = '${at}' WHERE id = '${id}'`);

/** The leads a page lists, in its order, by the link each row has to its own page. */
const listed = (html: string) => [...html.matchAll(/href="\/painel\/leads\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);
const arrivals = (html: string) => [...html.matchAll(/<time dateTime="([^"]+)"/g)].map((m) => m[1]!);
const link = (html: string, text: string) =>
  new RegExp(`<a href="([^"]+)">${text}</a>`).exec(html)?.[1]?.replaceAll('&amp;', '&');

/** The arrival that has waited `minutes` of business time by now, whatever the hour the test runs. */
const waitedFor = (minutes: number) =>
  subtractBusinessMillis(new Date(), minutes * 60_000, DEFAULT_CALENDAR).toISOString();

/** A lead's card, from its link to the end of its item. */
const card = (html: string, id: string) => new RegExp(`/painel/leads/${id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';

describe.each(backendsForThisFile())('the inbox at /painel, on $name', (backend) => {
  async function inbox() {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const seller = await signedInMember(repository, 'vendas');
    const get = (path: string) => request(app).get(path).set('Cookie', seller.cookie);
    return { app, repository, seller, get };
  }

  it('lists contacts and quotes together, newest first, with each row’s facts; no-store, noindex', async () => {
    const { repository, get } = await inbox();
    const older = await contact(repository, { name: 'Beatriz Oliveira', company: 'Laticínios Serra Azul' });
    const newer = await quote(repository, {
      name: 'Rafael Nogueira',
      source: { form: 'cotacao', utmSource: 'google', utmCampaign: 'frete-norte' },
    });
    await arrived(backend, 'contacts', older, '2026-11-20T13:00:00.000Z');
    await arrived(backend, 'quotes', newer, '2026-11-24T12:30:00.000Z');

    const res = await get('/painel').expect(200);

    expect(listed(res.text)).toEqual([newer, older]);
    expect(res.text).toContain('Rafael Nogueira');
    expect(res.text).toContain('Laticínios Serra Azul');
    expect(res.text).toMatch(/<dd>Cotação<\/dd>[\s\S]*<dd>Contato<\/dd>/);
    expect(res.text).toContain('google / frete-norte');
    expect(res.text).toContain('Ninguém');
    expect(res.text).toContain('>Novo</span>');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it('sends a visitor without a session to /entrar, and shows the list to an admin too', async () => {
    const { app, repository } = await inbox();
    await contact(repository, { name: 'Joana Prado' });
    const admin = await signedInMember(repository, 'admin');

    const anonymous = await request(app).get('/painel').expect(303);
    expect(anonymous.headers.location).toBe('/entrar');
    expect(anonymous.text).not.toContain('Joana Prado');
    const seen = await request(app).get('/painel').set('Cookie', admin.cookie).expect(200);
    expect(seen.text).toContain('Joana Prado');
  });

  it('gives an admin, and only an admin, the view as a spreadsheet link', async () => {
    const { app, repository } = await inbox();
    const [admin, seller] = [await signedInMember(repository, 'admin'), await signedInMember(repository, 'vendas')];
    const exportLink = /<a href="(\/painel\/leads\.csv[^"]*)" download="">Exportar esta visão/;

    const asAdmin = await request(app).get('/painel?q=sao+paulo&situacao=new').set('Cookie', admin.cookie);
    const asSeller = await request(app).get('/painel?q=sao+paulo&situacao=new').set('Cookie', seller.cookie);

    expect(exportLink.exec(asAdmin.text)?.[1]?.replaceAll('&amp;', '&')).toBe(
      '/painel/leads.csv?q=sao+paulo&situacao=new',
    );
    expect(asSeller.text).not.toMatch(exportLink);
  });

  it('finds “São Paulo” by “sao paulo”, and keeps the words in the search box', async () => {
    const { repository, get } = await inbox();
    const wanted = await contact(repository, { message: 'Coleta em São Paulo, entrega em Manaus.' });
    await contact(repository, { message: 'Coleta em Campinas, entrega em Belém.' });

    const res = await get('/painel?q=sao+paulo').expect(200);

    expect(listed(res.text)).toEqual([wanted]);
    expect(res.text).toMatch(/name="q" value="sao paulo"/);
  });

  it('narrows the list by each filter, and each keeps its value in the form', async () => {
    const { repository, seller, get } = await inbox();
    const by = { actor: { kind: 'member', id: seller.member.id, email: seller.member.email } } as const;
    const taken = await contact(repository, { source: { utmSource: 'google', utmCampaign: 'norte' } });
    const other = await quote(repository, { source: { utmSource: 'instagram', utmCampaign: 'safra' } });
    await repository.inbox.changeLead(taken, 1, { owner: seller.member.id, status: 'contacted' }, by);
    await arrived(backend, 'contacts', taken, '2026-03-10T15:00:00.000Z');
    // 23:30 in São Paulo on 14 March: still that day there, though the 15th in UTC.
    await arrived(backend, 'quotes', other, '2026-03-15T02:30:00.000Z');

    const ids = async (search: string) => listed((await get(`/painel?${search}`).expect(200)).text);
    expect(await ids('')).toEqual([other, taken]);
    expect(await ids('situacao=contacted')).toEqual([taken]);
    expect(await ids('situacao=new')).toEqual([other]);
    expect(await ids('tipo=quote')).toEqual([other]);
    expect(await ids('tipo=contact')).toEqual([taken]);
    expect(await ids(`responsavel=${seller.member.id}`)).toEqual([taken]);
    expect(await ids('responsavel=ninguem')).toEqual([other]);
    expect(await ids('origem=instagram')).toEqual([other]);
    expect(await ids('campanha=norte')).toEqual([taken]);
    expect(await ids('de=2026-03-11')).toEqual([other]);
    expect(await ids('ate=2026-03-14')).toEqual([other, taken]);
    expect(await ids('ate=2026-03-13')).toEqual([taken]);
    const form = (await get('/painel?situacao=contacted&origem=google&de=2026-03-01').expect(200)).text;
    expect(form).toMatch(/<option value="contacted" selected="">Em contato<\/option>/);
    expect(form).toMatch(/name="origem" value="google"/);
    expect(form).toMatch(/type="date" name="de" value="2026-03-01"/);
    expect(form).toContain('<option value="ninguem">Ninguém</option>');
  });

  it('pages through 120 leads 50 at a time, following “Mais antigos”, with no repeat and no gap', {
    timeout: 60_000,
  }, async () => {
    const { repository, get } = await inbox();
    const all = new Set<string>();
    for (let n = 0; n < 60; n++) {
      all.add(await contact(repository, { name: `Contato ${n}` }));
      all.add(await quote(repository, { name: `Cotação ${n}` }));
    }

    const pages: string[][] = [];
    const times: string[] = [];
    let path: string | undefined = '/painel';
    while (path && pages.length < 5) {
      const html = (await get(path).expect(200)).text;
      pages.push(listed(html));
      times.push(...arrivals(html));
      expect(link(html, 'Primeira página'), path).toBe(pages.length === 1 ? undefined : '/painel');
      path = link(html, 'Mais antigos');
      if (path) expect(path).toMatch(/^\/painel\?apos=[^&]+$/);
    }

    expect(pages.map((page) => page.length)).toEqual([INBOX_PAGE, INBOX_PAGE, 20]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(all);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('keeps the filter in the next page’s link', async () => {
    const { repository, get } = await inbox();
    for (let n = 0; n < INBOX_PAGE + 2; n++) await quote(repository, { name: `Cotação ${n}` });
    await contact(repository);

    const first = (await get('/painel?tipo=quote').expect(200)).text;
    const next = link(first, 'Mais antigos')!;
    expect(next).toMatch(/^\/painel\?tipo=quote&apos=/);
    const second = (await get(next).expect(200)).text;
    expect(listed(second)).toHaveLength(2);
    expect(link(second, 'Primeira página')).toBe('/painel?tipo=quote');
  });

  it('names the values it cannot read in Portuguese, leaves them out, and still lists: 200, never 400', async () => {
    const { repository, get } = await inbox();
    const id = await contact(repository, { name: 'Márcia Andrade' });

    const res = await get('/painel?situacao=aberto&tipo=email&responsavel=fulano&de=2026-02-30&apos=xyz').expect(200);

    const notice = /<div class="team-notice team-notice--error" role="alert">([\s\S]*?)<\/div>/.exec(res.text)?.[1];
    expect(notice).toContain('Situação desconhecida: escolha uma da lista.');
    expect(notice).toContain('Tipo desconhecido: escolha contato ou cotação.');
    expect(notice).toContain('Responsável desconhecido: escolha um da lista.');
    expect(notice).toContain('Data “de” inválida: use o calendário, ou AAAA-MM-DD.');
    expect(notice).toContain('Link de página inválido: voltamos ao começo da lista.');
    expect(listed(res.text)).toEqual([id]);
    expect((await get('/painel').expect(200)).text).not.toContain('role="alert"');
  });

  it('shows each wait in business hours, and where a new lead stands against the promise, in words', async () => {
    const { repository, seller, get } = await inbox();
    const by = { actor: { kind: 'member', id: seller.member.id, email: seller.member.email } } as const;
    const within = await contact(repository);
    const atRisk = await contact(repository);
    const overdue = await quote(repository);
    const answered = await contact(repository);
    await arrived(backend, 'contacts', within, waitedFor(80));
    await arrived(backend, 'contacts', atRisk, waitedFor(100));
    await arrived(backend, 'quotes', overdue, waitedFor(180));
    await arrived(backend, 'contacts', answered, waitedFor(300));
    await repository.inbox.changeLead(answered, 1, { status: 'contacted' }, by);

    const html = (await get('/painel').expect(200)).text;

    expect(card(html, within)).toMatch(/Há 1h20 úteis <span[^>]*>No prazo<\/span>/);
    expect(card(html, atRisk)).toMatch(/Há 1h40 úteis <span[^>]*>Vence em breve<\/span>/);
    expect(card(html, overdue)).toMatch(/Há 3h úteis <span[^>]*>Atrasado<\/span>/);
    expect(card(html, answered)).toContain('Respondido em 5h úteis');
    expect(card(html, answered)).not.toMatch(/No prazo|Vence em breve|Atrasado/);
  });

  it('tells when each waiting lead falls due, the late and the near apart by icon and class, not colour alone', async () => {
    const { repository, seller, get } = await inbox();
    const by = { actor: { kind: 'member', id: seller.member.id, email: seller.member.email } } as const;
    const [within, atRisk, overdue, answered] = [
      await contact(repository),
      await contact(repository),
      await quote(repository),
      await contact(repository),
    ];
    const times = { within: waitedFor(20), atRisk: waitedFor(100), overdue: waitedFor(180) };
    await arrived(backend, 'contacts', within, times.within);
    await arrived(backend, 'contacts', atRisk, times.atRisk);
    await arrived(backend, 'quotes', overdue, times.overdue);
    await repository.inbox.changeLead(answered, 1, { status: 'contacted' }, by);

    const html = (await get('/painel').expect(200)).text;

    const due = (at: string) => dueText(dueAt(new Date(at), DEFAULT_CALENDAR), new Date());
    for (const [id, state, at] of [
      [within, 'within', times.within],
      [atRisk, 'at_risk', times.atRisk],
      [overdue, 'overdue', times.overdue],
    ] as const)
      expect(card(html, id)).toMatch(
        new RegExp(
          `<span class="inbox-due inbox-due--${state}"><span class="inbox-due__icon" aria-hidden="true">.</span> Responder até ${due(at)}</span>`,
        ),
      );
    expect(card(html, answered)).not.toContain('Responder até');
  });

  it('lists in “Atrasados” the new leads past the promise, and in “Vencem em breve” those near it', async () => {
    const { repository, seller, get } = await inbox();
    const by = { actor: { kind: 'member', id: seller.member.id, email: seller.member.email } } as const;
    const [fresh, soon, late, lateButAnswered] = [
      await contact(repository),
      await quote(repository),
      await contact(repository),
      await contact(repository),
    ];
    await arrived(backend, 'contacts', fresh, waitedFor(10));
    await arrived(backend, 'quotes', soon, waitedFor(95));
    await arrived(backend, 'contacts', late, waitedFor(125));
    await arrived(backend, 'contacts', lateButAnswered, waitedFor(600));
    await repository.inbox.changeLead(lateButAnswered, 1, { status: 'proposal' }, by);

    const ids = async (search: string) => listed((await get(`/painel?${search}`).expect(200)).text);
    expect(await ids('visao=atrasados')).toEqual([late]);
    expect(await ids('visao=vencem-em-breve')).toEqual([soon]);
    expect(await ids('visao=atrasados&tipo=quote')).toEqual([]);
    const page = (await get('/painel?visao=atrasados').expect(200)).text;
    expect(page).toContain('<a href="/painel?visao=atrasados" aria-current="page">Atrasados</a>');
    expect(page).toMatch(/<option value="atrasados" selected="">Atrasados<\/option>/);
  });

  it('starts a released post’s clock at its release, and marks it “liberado do Suspeitos” in the list and on its page', async () => {
    const { repository, get } = await inbox();
    const autofilled = { honeypot: true, stamp: { kind: 'ok', elapsedMs: 90_000 } } as const;
    const held = await repository.contacts.receiveContact(validContact(), autofilled);
    const id = held.result.record.id;
    // Held over a weekend: it arrived ten business hours ago, and is released now.
    const arrival = waitedFor(600);
    await backend.exec(`UPDATE suspects SET created_at = '${arrival}' WHERE id = '${id}'`);
    expect(await repository.suspects.releaseSuspect(id, BY_TOKEN)).toBe('released');

    const html = (await get('/painel').expect(200)).text;
    expect(card(html, id)).toMatch(/Há 0 min úteis <span[^>]*>No prazo<\/span>/);
    expect(card(html, id)).toContain('liberado do Suspeitos');
    expect(listed((await get('/painel?visao=atrasados').expect(200)).text)).toEqual([]);
    expect(readable((await get(`/painel/leads/${id}`).expect(200)).text)).toContain('liberado do Suspeitos');
    const now = new Date();
    expect(await repository.waitingLeads.waitingLeads(promiseCutoffs(now, DEFAULT_CALENDAR))).toEqual({
      within: 1,
      at_risk: 0,
      overdue: 0,
    });
    const lead = await repository.inbox.getLead(id);
    expect(lead?.record.createdAt).toBe(arrival);
    const [started] = await repository.inboxReport.weekArrivals(arrival, new Date(now.getTime() + 1).toISOString());
    expect(started).toEqual({ startedAt: lead?.work.releasedAt });
  });
});
