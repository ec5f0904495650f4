import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable, storeQuote } from '../../test/support/inbox';
import { signedInMember } from '../../test/support/members';
import { payloadOf } from '../../test/support/outbox';
import { dayFromToday, propose } from '../../test/support/proposals';
import type { Repository } from '../composition/repository';

// The customer's page of a proposal (docs/requirements.md §9.6): unguessable, noindex and no-store; a GET
// changes nothing but the view's record; "Aceitar" lands once, whatever the presses, replays and
// replicas; a guessed link is a 404 page, counted per address; an expired proposal says so.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };

describe.each(backendsForThisFile())('the proposal’s page on $name', (backend) => {
  async function setUp() {
    const repository: Repository = await backend.fresh({ channels: ['email', 'webhook'] });
    const { app } = createTestApp({ repository });
    const { member } = await signedInMember(repository, 'vendas');
    const quoteId = await storeQuote(repository, { company: 'Bebidas do Norte' });
    await repository.inbox.changeLead(quoteId, 1, { owner: member.id }, { actor: { kind: 'token' } });
    const { token, proposal } = await propose(repository, quoteId, member);
    const accept = (by = 'Carlos Lima', on = app) =>
      request(on).post(`/proposta/${token}/aceitar`).set(SAME_SITE).type('form').send({ aceito_por: by });
    return { repository, app, member, quoteId, token, proposal, accept };
  }

  const outboxKinds = async () => (await backend.rows('outbox')).map((row) => String(row.kind));

  it('shows the proposal, not indexed, not stored, and records its first view alone', async () => {
    const { repository, app, quoteId, token } = await setUp();

    const first = await request(app).get(`/proposta/${token}`);
    await request(app).get(`/proposta/${token}`);

    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(first.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(first.text).not.toContain('<script');
    const text = readable(first.text);
    for (const shown of [
      'Carlos Lima',
      'Campinas/SP → Belém/PA',
      'R$ 4.850,00',
      'pedágio e ICMS',
      'Aceitar',
      'Recusar',
    ])
      expect(text).toContain(shown);
    const lines = await repository.audit.readAudit({ leadId: quoteId, limit: 10 });
    expect(lines.filter((line) => line.action === 'proposal.viewed')).toHaveLength(1);
    const lead = await repository.inbox.getLead(quoteId);
    expect(lead?.work.status).toBe('new');
    const [stored] = await repository.proposals.proposalsOf(quoteId);
    expect(stored?.answer).toBeUndefined();
  });

  it('keeps no token: the table holds its digest only', async () => {
    const { token } = await setUp();

    const [row] = await backend.rows('proposals');

    expect(JSON.stringify(row)).not.toContain(token);
    expect(String(row?.token_digest)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts once: the quote won, the owner told, the webhook queued; a replay changes nothing', async () => {
    const { repository, quoteId, member, accept } = await setUp();

    const first = await accept();
    const replay = await accept('Outra Pessoa');

    expect([first.status, replay.status]).toEqual([303, 303]);
    expect(first.headers.location).toMatch(/^\/proposta\/[A-Za-z0-9_-]{43}$/);
    const lead = await repository.inbox.getLead(quoteId);
    expect(lead?.work.status).toBe('won');
    const [proposal] = await repository.proposals.proposalsOf(quoteId);
    expect(proposal).toMatchObject({ answer: 'accepted', acceptedBy: 'Carlos Lima' });
    const rows = await backend.rows('outbox');
    const notices = rows.filter((row) => row.kind === 'proposal.mail').map(payloadOf);
    expect(notices.find(({ to }) => to === member.email)).toMatchObject({
      subject: 'Carlos Lima aceitou a proposta Campinas/SP → Belém/PA',
    });
    // The customer's confirmation of their answer, answered by the member who wrote the proposal.
    const receipt = notices.filter(({ to }) => to === 'carlos@bebidasdonorte.com.br').at(-1);
    expect(receipt).toMatchObject({
      replyTo: member.email,
      subject: 'Proposta aceita: frete Campinas/SP → Belém/PA · Rota Norte',
    });
    expect(receipt.text).toContain('Recebemos o seu aceite da proposta de R$ 4.850,00');
    expect(notices).toHaveLength(3);
    const accepted = rows.filter((row) => row.kind === 'quote.accepted').map(payloadOf);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
      quote: { id: quoteId, status: 'won' },
      proposal: { priceCents: 485_000, acceptedBy: 'Carlos Lima', includes: { toll: true, icms: true } },
    });
    const page = readable((await request(createTestApp({ repository }).app).get(first.headers.location!)).text);
    expect(page).toContain('Proposta aceita');
    expect(page).toContain('Aceita por Carlos Lima');
    expect(page).not.toContain('Outra Pessoa');
  });

  it('lets exactly one of two acceptances at once through, on two replicas', async () => {
    const { quoteId, accept } = await setUp();
    const other = createTestApp({ repository: await backend.another({ channels: ['email', 'webhook'] }) }).app;

    const answers = await Promise.all([
      accept('Carlos'),
      accept('Carla', other),
      accept('Carlos'),
      accept('Carla', other),
    ]);

    expect(answers.map((res) => res.status)).toEqual([303, 303, 303, 303]);
    expect((await outboxKinds()).filter((kind) => kind === 'quote.accepted')).toHaveLength(1);
    const audit = await backend.rows('audit_log');
    expect(audit.filter((row) => row.action === 'proposal.accepted')).toHaveLength(1);
    expect(audit.filter((row) => row.action === 'lead.status' && String(row.lead_id) === quoteId)).toHaveLength(1);
  });

  it('asks to confirm a refusal, then records it with its reason, the quote lost, and offers to ask again', async () => {
    const { repository, app, member, quoteId, token } = await setUp();
    const refuse = (fields: Record<string, string>) =>
      request(app).post(`/proposta/${token}/recusar`).set(SAME_SITE).type('form').send(fields);

    const asked = await refuse({ motivo: 'Achei outro frete.' });

    expect(asked.status).toBe(200);
    expect(readable(asked.text)).toContain('Recusar esta proposta?');
    expect(asked.text).toContain('name="motivo" value="Achei outro frete."');
    expect(asked.text).toContain('name="confirmar" value="sim"');
    expect((await repository.proposals.proposalsOf(quoteId))[0]?.answer).toBeUndefined();

    const res = await refuse({ motivo: 'Achei outro frete.', confirmar: 'sim' });

    expect(res.status).toBe(303);
    const [proposal] = await repository.proposals.proposalsOf(quoteId);
    expect(proposal).toMatchObject({ answer: 'refused', answerReason: 'Achei outro frete.' });
    const { work } = (await repository.inbox.getLead(quoteId))!;
    expect([work.status, work.lostReason]).toEqual(['lost', 'Proposta recusada pelo cliente: Achei outro frete.']);
    const notices = (await backend.rows('outbox')).filter((row) => row.kind === 'proposal.mail').map(payloadOf);
    expect(notices.find(({ to }) => to === member.email)?.subject).toBe(
      'Carlos Lima recusou a proposta Campinas/SP → Belém/PA',
    );
    expect(notices.filter(({ to }) => to === 'carlos@bebidasdonorte.com.br').at(-1)?.subject).toBe(
      'Proposta recusada: frete Campinas/SP → Belém/PA · Rota Norte',
    );
    const page = await request(app).get(`/proposta/${token}`);
    expect(readable(page.text)).toContain('Proposta recusada');
    expect(page.text).toContain('href="/cotacao"');
  });

  it('asks for a name to accept, in Portuguese, and keeps what was typed', async () => {
    const { repository, app, quoteId, token } = await setUp();

    const res = await request(app)
      .post(`/proposta/${token}/aceitar`)
      .set(SAME_SITE)
      .type('form')
      .send({ aceito_por: '   ', motivo: 'nada' });

    expect(res.status).toBe(400);
    expect(readable(res.text)).toContain('Informe seu nome ou e-mail.');
    expect((await repository.proposals.proposalsOf(quoteId))[0]?.answer).toBeUndefined();
  });

  it('refuses a name that a bidirectional control would disguise, and accepts nothing', async () => {
    const { repository, quoteId, accept } = await setUp();

    const res = await accept('Carlos \u202eLima');

    expect(res.status).toBe(400);
    expect((await repository.proposals.proposalsOf(quoteId))[0]?.answer).toBeUndefined();
  });

  it('says an expired proposal expired, offers to ask again, and takes no answer', async () => {
    const { repository, app, quoteId, member } = await setUp();
    const { token } = await propose(repository, quoteId, member, { validUntil: dayFromToday(-1) });

    const page = await request(app).get(`/proposta/${token}`);
    const answer = await request(app)
      .post(`/proposta/${token}/aceitar`)
      .set(SAME_SITE)
      .type('form')
      .send({ aceito_por: 'Carlos' });

    expect(page.status).toBe(200);
    expect(readable(page.text)).toContain('Esta proposta expirou');
    expect(page.text).toContain('href="/cotacao"');
    expect(page.text).not.toContain('/aceitar');
    expect(answer.status).toBe(303);
    expect((await repository.inbox.getLead(quoteId))?.work.status).toBe('new');
  });

  it('answers only the newest proposal of a quote: an older one says it was replaced', async () => {
    const { repository, app, quoteId, member, token, accept } = await setUp();
    await propose(repository, quoteId, member, { priceCents: 470_000 });

    await accept();

    expect(readable((await request(app).get(`/proposta/${token}`)).text)).toContain('substituída');
    expect((await repository.inbox.getLead(quoteId))?.work.status).toBe('new');
  });

  it('voids the open proposal of a quote already won: no answer lands, and the page says so', async () => {
    const { repository, app, quoteId, token, accept } = await setUp();
    const { work } = (await repository.inbox.getLead(quoteId))!;
    await repository.inbox.changeLead(quoteId, work.version, { status: 'won' }, { actor: { kind: 'token' } });

    const res = await accept();
    const refusal = await request(app)
      .post(`/proposta/${token}/recusar`)
      .set(SAME_SITE)
      .type('form')
      .send({ confirmar: 'sim' });

    expect([res.status, refusal.status]).toEqual([303, 303]);
    const [proposal] = await repository.proposals.proposalsOf(quoteId);
    expect(proposal?.answer).toBeUndefined();
    const page = readable((await request(app).get(`/proposta/${token}`)).text);
    expect(page).toContain('Esta proposta não vale mais: o frete desta cotação já foi fechado.');
    expect(page).not.toContain('Aceitar');
    expect(await repository.audit.readAudit({ leadId: quoteId, action: 'proposal.accepted', limit: 5 })).toEqual([]);
    expect(await outboxKinds()).not.toContain('quote.accepted');
  });

  it('answers a guessed link with the 404 page, and holds an address that guesses on, right link included', async () => {
    const { app, token } = await setUp();
    const guess = (path: string) => request(app).get(path);

    const misses = [];
    for (let i = 0; i < 10; i++) misses.push((await guess(`/proposta/${'A'.repeat(42)}${i}`)).status);
    const past = await guess('/proposta/x');
    const right = await guess(`/proposta/${token}`);

    expect(misses).toEqual(Array(10).fill(404));
    expect(past.status).toBe(429);
    expect(readable(past.text)).toContain('Links errados demais');
    expect(right.status).toBe(429);
  });

  it('is in its customer’s access: what was offered and answered, not the team’s floor notes', async () => {
    const { repository, accept, quoteId, proposal } = await setUp();
    await accept();

    const data = await repository.personalData.readSubject('Carlos@BebidasDoNorte.com.br', {
      actor: { kind: 'token' },
    });

    expect(data.proposals).toEqual([
      expect.objectContaining({
        id: proposal.id,
        quoteId,
        priceCents: 485_000,
        answer: 'accepted',
        acceptedBy: 'Carlos Lima',
      }),
    ]);
    expect(Object.keys(data.proposals[0]!)).not.toEqual(expect.arrayContaining(['createdBy']));
    const [line] = await repository.audit.readAudit({ action: 'subject.access', limit: 1 });
    expect(line?.detail).toMatchObject({ proposals: 1 });
  });

  it('goes with its quote when the customer’s data is erased: the table empty, the link dead', async () => {
    const { repository, app, token } = await setUp();

    await repository.personalData.eraseSubject('CARLOS@bebidasdonorte.com.br', { actor: { kind: 'token' } });

    expect(await backend.rows('proposals')).toEqual([]);
    expect((await backend.rows('outbox')).filter((row) => row.kind === 'proposal.mail')).toEqual([]);
    expect((await request(app).get(`/proposta/${token}`)).status).toBe(404);
  });

  it('refuses an answer posted from another site with the page, not JSON', async () => {
    const { app, token, repository, quoteId } = await setUp();

    const res = await request(app)
      .post(`/proposta/${token}/aceitar`)
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ aceito_por: 'Carlos' });

    expect(res.status).toBe(403);
    expect(res.type).toBe('text/html');
    expect((await repository.proposals.proposalsOf(quoteId))[0]?.answer).toBeUndefined();
  });
});
