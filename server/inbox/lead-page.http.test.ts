import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LOST_NEEDS_REASON } from '../../shared/lead-change';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable } from '../../test/support/inbox';
import { fullQuote, sampleContact, validContact, validQuote } from '../../test/support/leads';
import { addMember, signedInMember, teamMails } from '../../test/support/members';
import type { Repository } from '../composition/repository';
import { CONFLICT_NOTICE, SAVED } from './lead-routes';

// The lead's page (docs/requirements.md §6.4): fields and one-tap links, the status with PRG and its
// "Salvo", "Respondi", the due time, the concurrent edit answered 409 with the member's input kept, the
// new owner told, and an admin's erasure.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };

describe.each(backendsForThisFile())('the lead’s page on $name', (backend) => {
  async function setUp(options?: Parameters<typeof backend.fresh>[0]) {
    const repository: Repository = await backend.fresh(options);
    const { app } = createTestApp({ repository });
    const seller = await signedInMember(repository, 'vendas');
    const { record } = await repository.quotes.createQuote(
      validQuote({ ...fullQuote, source: { utmCampaign: 'frete-norte' } }),
    );
    const page = async (cookie = seller.cookie) => request(app).get(`/painel/leads/${record.id}`).set('Cookie', cookie);
    const post = (body: Record<string, string | number>, cookie = seller.cookie, path = '') =>
      request(app)
        .post(`/painel/leads/${record.id}${path}`)
        .set(SAME_SITE)
        .set('Cookie', cookie)
        .type('form')
        .send(body);
    return { app, repository, seller, id: record.id, page, post };
  }

  it('shows every field with its label, its campaign, the one-tap links, and records the view', async () => {
    const { repository, seller, id, page } = await setUp();

    const res = await page();

    expect(res.status).toBe(200);
    const text = readable(res.text);
    for (const shown of [
      'Carlos Lima',
      'Campinas/SP',
      'Belém/PA',
      'Açaí & Cia — Distribuição',
      '27,5 t',
      'frete-norte',
    ])
      expect(text).toContain(shown);
    expect(text).toContain('href="https://wa.me/5591987654321"');
    expect(text).toContain('href="tel:+5591987654321"');
    expect(text).toContain('href="mailto:carlos@bebidasdonorte.com.br?subject=');
    const [view] = await repository.audit.readAudit({ leadId: id, limit: 5 });
    expect(view).toMatchObject({ action: 'lead.viewed', actorId: seller.member.id });
    expect(text).toContain('Viu o lead');
  });

  it('records “Viu o lead” once an hour per member, whatever reloads and refused changes show it again', async () => {
    const { app, repository, seller, id, page, post } = await setUp();
    const other = await signedInMember(repository, 'vendas');

    const statuses = [
      (await page()).status,
      (await page()).status,
      (await post({ situacao: 'contacted', versao: 99 })).status,
      (await request(app).head(`/painel/leads/${id}`).set('Cookie', seller.cookie)).status,
      (await page(other.cookie)).status,
    ];

    expect(statuses).toEqual([200, 200, 409, 200, 200]);
    const views = await repository.audit.readAudit({ leadId: id, action: 'lead.viewed', limit: 10 });
    expect(views.map((line) => line.actorId)).toEqual([other.member.id, seller.member.id]);
  });

  it('moves the status with a 303 back to the page; the double click’s second POST changes nothing more', async () => {
    const { repository, id, page, post } = await setUp();

    const first = await post({ situacao: 'contacted', motivo: '', versao: 1 });
    const again = await post({ situacao: 'contacted', motivo: '', versao: 1 });

    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/painel/leads/${id}?salvo=situacao`);
    expect(again.status).toBe(303);
    const lead = await repository.inbox.getLead(id);
    expect(lead?.work).toMatchObject({ status: 'contacted', version: 2 });
    expect(lead?.work.respondedAt).toBeDefined();
    expect(readable((await page()).text)).toContain('Situação: Novo → Em contato');
  });

  it('says Salvo after each kind of change, from the redirect’s query, and nothing for an unknown one', async () => {
    const { seller, id, post, app } = await setUp();
    const shown = async (location: string) =>
      readable((await request(app).get(location).set('Cookie', seller.cookie)).text);

    const note = await post({ nota: 'Ligar amanhã', versao: 1 });
    const owner = await post({ responsavel: seller.member.id, versao: 2 });

    expect(note.headers.location).toBe(`/painel/leads/${id}?salvo=nota`);
    expect(owner.headers.location).toBe(`/painel/leads/${id}?salvo=responsavel`);
    expect(await shown(String(note.headers.location))).toMatch(
      new RegExp(`<p class="team-notice team-notice--ok" role="status">${SAVED.nota}</p>`),
    );
    for (const unknown of ['constructor', '__proto__', '<b>x</b>'])
      expect(await shown(`/painel/leads/${id}?salvo=${encodeURIComponent(unknown)}`)).not.toContain('team-notice');
  });

  it('stops the clock with one tap on Respondi: Em contato, taken, audited, answered at that moment', async () => {
    const { repository, seller, id, page, post } = await setUp();
    const before = readable((await page()).text);
    expect(before).toMatch(/Responder até (hoje|amanhã|[a-zç]{3}\.|\d\d\/\d\d), \d{1,2}h\d\d/);
    expect(before).toContain('>Respondi</button>');

    const res = await post({ versao: 1, situacao: 'contacted', feito: 'respondi', responsavel: seller.member.id });

    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/painel/leads/${id}?salvo=respondi`);
    const { work } = (await repository.inbox.getLead(id))!;
    expect(work).toMatchObject({ status: 'contacted', owner: { id: seller.member.id } });
    expect(Date.now() - Date.parse(work.respondedAt!)).toBeLessThan(60_000);
    const actions = (await repository.audit.readAudit({ leadId: id, limit: 10 })).map(({ action }) => action);
    expect(actions).toEqual(expect.arrayContaining(['lead.status', 'lead.owner']));
    const after = readable((await page()).text);
    expect(after).toMatch(/Respondido em \d+/);
    expect(after).not.toContain('>Respondi</button>');
    expect(after).not.toContain('Responder até');
  });

  it('shows what the person sent above the forms, and answers by e-mail with a subject', async () => {
    const { page } = await setUp();

    const text = readable((await page()).text);

    expect(text.indexOf('O que a pessoa enviou')).toBeLessThan(text.indexOf('Salvar situação'));
    expect(text).toContain('href="mailto:carlos@bebidasdonorte.com.br?subject=Sua%20cota%C3%A7%C3%A3o%20de%20frete"');
    expect(text).toContain('>Responder por e-mail</a>');
  });

  it('closes a lead as Não é venda, which is not a loss: no reason asked', async () => {
    const { repository, id, post } = await setUp();

    const res = await post({ situacao: 'not_sales', motivo: '', versao: 1 });

    expect(res.status).toBe(303);
    expect((await repository.inbox.getLead(id))?.work).toMatchObject({ status: 'not_sales' });
    expect((await repository.inbox.getLead(id))?.work.lostReason).toBeUndefined();
  });

  it('e-mails the member a lead is given to, with its link and nothing the person typed; never oneself', async () => {
    const { repository, seller, id, post } = await setUp({ channels: ['email'] });
    const colleague = await addMember(repository, 'vendas');

    await post({ responsavel: seller.member.id, versao: 1 });
    await post({ responsavel: colleague.id, versao: 2 });

    const mails = teamMails(await backend.rows('outbox'));
    expect(mails.map(({ to }) => to)).toEqual([colleague.email]);
    const [mail] = mails;
    expect(mail!.subject).toBe('Um lead foi passado para você · Rota Norte');
    expect(mail!.text).toContain(`${seller.member.name} passou um lead para você: cotação`);
    expect(mail!.text).toContain(`http://localhost:3000/painel/leads/${id}`);
    expect(mail!.text).not.toMatch(/Carlos|Açaí|bebidasdonorte/);
  });

  it('refuses Perdido without a reason, in Portuguese, and changes nothing', async () => {
    const { repository, id, post } = await setUp();

    const res = await post({ situacao: 'lost', motivo: '  ', versao: 1 });

    expect(res.status).toBe(400);
    expect(readable(res.text)).toContain(LOST_NEEDS_REASON);
    expect((await repository.inbox.getLead(id))?.work).toMatchObject({ status: 'new', version: 1 });
  });

  it('tells the second of two members editing the same version what changed, and keeps their note', async () => {
    const { repository, id, post } = await setUp();
    const other = await signedInMember(repository, 'vendas');

    const first = await post({ situacao: 'proposal', motivo: '', versao: 1 });
    const second = await post({ nota: 'Cliente pediu retorno amanhã às 9h', versao: 1 }, other.cookie);

    expect(first.status).toBe(303);
    expect(second.status).toBe(409);
    const text = readable(second.text);
    expect(text).toContain(CONFLICT_NOTICE);
    expect(text).toContain('Situação: <strong>Proposta enviada</strong>');
    expect(text).toMatch(/<textarea[^>]*name="nota"[^>]*>Cliente pediu retorno amanhã às 9h<\/textarea>/);
    expect(text).toContain('name="versao" value="2"');
    expect(await repository.inbox.leadNotes(id)).toEqual([]);

    // Sent again on the version it now shows, the note lands.
    expect((await post({ nota: 'Cliente pediu retorno amanhã às 9h', versao: 2 }, other.cookie)).status).toBe(303);
    expect((await repository.inbox.leadNotes(id)).map((note) => note.body)).toEqual([
      'Cliente pediu retorno amanhã às 9h',
    ]);
  });

  it('refuses the stale change on another replica too: neither is lost in silence', async () => {
    const { repository, id, post } = await setUp({ channels: ['webhook'] });
    // A second app on the same database, as a second replica behind the proxy.
    const { app: replica } = createTestApp({ repository: await backend.another({ channels: ['webhook'] }) });
    const other = await signedInMember(repository, 'vendas');
    const onReplica = (body: Record<string, string | number>) =>
      request(replica).post(`/painel/leads/${id}`).set(SAME_SITE).set('Cookie', other.cookie).type('form').send(body);

    const [first, second] = await Promise.all([
      post({ situacao: 'won', motivo: '', versao: 1 }),
      onReplica({ situacao: 'lost', motivo: 'Preço', versao: 1 }),
    ]);

    // One lands, the other is told; which one is the race's to decide.
    expect([first.status, second.status].sort()).toEqual([303, 409]);
    const loser = first.status === 409 ? first : second;
    const winner = (await repository.inbox.getLead(id))!.work;
    expect(winner.version).toBe(2);
    expect(readable(loser.text)).toContain(CONFLICT_NOTICE);
    expect(readable(loser.text)).toContain(
      `Situação: <strong>${winner.status === 'won' ? 'Ganho' : 'Perdido'}</strong>`,
    );
    const rows = (await backend.rows('outbox')).filter((row) => String(row.kind).endsWith('.updated'));
    expect(rows).toHaveLength(1);
  });

  it('takes the lead in one tap, and shows the webhook as queued', async () => {
    const { repository, seller, id, page, post } = await setUp({ channels: ['webhook'] });

    expect((await post({ responsavel: seller.member.id, versao: 1 })).status).toBe(303);

    expect((await repository.inbox.getLead(id))?.work.owner?.id).toBe(seller.member.id);
    const text = readable((await page()).text);
    expect(text).toContain(`Responsável: ${seller.member.name}`);
    expect(text).toContain('Webhook (CRM): novo lead');
    expect(text).toContain('Webhook (CRM): alteração');
    expect(text).toContain('Na fila, a enviar');
  });

  it('lets an admin erase the person from the page, audited under the admin; vendas gets 403', async () => {
    const { repository, seller, id, page, post } = await setUp();
    await repository.contacts.createContact(validContact({ ...sampleContact, email: fullQuote.email }));
    const admin = await signedInMember(repository, 'admin');

    expect((await page(admin.cookie)).text).toContain('Eliminar os dados desta pessoa');
    expect((await page()).text).not.toContain('Eliminar os dados desta pessoa');
    expect((await post({ confirmo: 'sim' }, seller.cookie, '/eliminar')).status).toBe(403);
    expect((await post({}, admin.cookie, '/eliminar')).status).toBe(400);
    expect(await repository.inbox.getLead(id)).toBeDefined();

    const done = await post({ confirmo: 'sim' }, admin.cookie, '/eliminar');

    expect(done.status).toBe(200);
    expect(readable(done.text)).toContain(`Dados de ${fullQuote.email} apagados: 1 contato(s) e 1 cotação(ões).`);
    expect(await repository.inbox.getLead(id)).toBeUndefined();
    const [line] = await repository.audit.readAudit({ action: 'subject.erasure', limit: 1 });
    expect(line).toMatchObject({ actorId: admin.member.id });
    expect((await page(admin.cookie)).status).toBe(404);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'nao-e-um-id'])('answers 404 in Portuguese for %s', async (id) => {
    const { app, seller } = await setUp();

    const res = await request(app).get(`/painel/leads/${id}`).set('Cookie', seller.cookie);

    expect(res.status).toBe(404);
    expect(res.text).toContain('Lead não encontrado');
  });
});
