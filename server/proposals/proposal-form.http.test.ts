import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable, storeContact, storeQuote } from '../../test/support/inbox';
import { signedInMember } from '../../test/support/members';
import { payloadOf } from '../../test/support/outbox';
import { dayFromToday } from '../../test/support/proposals';
import type { Repository } from '../composition/repository';
import { seedRepositoryActs } from '../freight/acts';

// A quote's proposal as a member writes it (docs/requirements.md §9.6): checked against the quote's ANTT floor,
// under it only by an admin with a reason; bad prices refused in Portuguese with the fields kept; on
// its way to the customer through the outbox, the quote moved to Proposta enviada.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };
const [SAO_PAULO, MANAUS] = ['3550308', '1302603'];
/** 3.050 km × 9,4114 + 903,32, carga geral on 9 axles (the 45 t class), under Portaria SUROC nº 22/2026. */
const FLOOR = 'R$ 29.608,09';

describe.each(backendsForThisFile())('the proposal’s form on $name', (backend) => {
  async function setUp(role: 'vendas' | 'admin' = 'vendas') {
    const repository: Repository = await backend.fresh({ channels: ['email'] });
    await seedRepositoryActs(repository.freight);
    const admin = await signedInMember(repository, 'admin');
    await repository.freight.setLane(
      { origin: SAO_PAULO, destination: MANAUS, roadKm: 3050 },
      { actor: { kind: 'member', id: admin.member.id, email: admin.member.email } },
    );
    const { app } = createTestApp({ repository });
    const seller = role === 'admin' ? admin : await signedInMember(repository, 'vendas');
    const quoteId = await storeQuote(repository, {
      origin: { city: 'São Paulo', state: 'SP' },
      destination: { city: 'Manaus', state: 'AM' },
      cargoType: 'carga_geral',
      vehicle: '45t',
      weightTons: 30,
      goodsValue: 150000,
    });
    const form = {
      preco: '32.500,00',
      pedagio: 'sim',
      icms: 'sim',
      validade: dayFromToday(10),
      coleta_de: dayFromToday(3),
      coleta_ate: dayFromToday(4),
      prazo_entrega: '7',
      condicoes: 'Pagamento em 30 dias.',
    };
    const post = (body: Record<string, string>, id = quoteId) =>
      request(app)
        .post(`/painel/leads/${id}/proposta`)
        .set(SAME_SITE)
        .set('Cookie', seller.cookie)
        .type('form')
        // Each post a form drawn afresh unless it names the key its form carried.
        .send({ chave: randomUUID(), ...body });
    /** The key the form carries as the server draws it. */
    const drawnKey = async () => {
      const page = await request(app).get(`/painel/leads/${quoteId}/proposta`).set('Cookie', seller.cookie);
      return /name="chave" value="([0-9a-f-]{36})"/.exec(page.text)![1]!;
    };
    return { repository, app, seller, quoteId, form, post, drawnKey };
  }

  it('shows the quote’s ANTT floor with its act above the price', async () => {
    const { app, seller, quoteId } = await setUp();

    const res = await request(app).get(`/painel/leads/${quoteId}/proposta`).set('Cookie', seller.cookie);

    expect(res.status).toBe(200);
    expect(readable(res.text)).toContain(`${FLOOR} pela Portaria SUROC nº 22/2026, para 3.050 km.`);
    expect(res.text).not.toContain('motivo_piso');
  });

  it('answers the site’s error page when the view’s audit line cannot be written, and goes on', async () => {
    const { repository, app, seller, quoteId } = await setUp();
    const db = repository.shipments.db;
    // The audit record refusing writes, as a full disk would: the view must not be shown unrecorded.
    if (backend.name === 'PostgreSQL') {
      await db.run(
        "CREATE FUNCTION refuse_audit() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disco cheio'; END $$ LANGUAGE plpgsql",
      );
      await db.run(
        'CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()',
      );
    } else
      await db.run(
        "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'disco cheio'); END",
      );
    const page = () => request(app).get(`/painel/leads/${quoteId}/proposta`).set('Cookie', seller.cookie);

    const refused = await page();
    await db.run('DROP TRIGGER refuse_audit' + (backend.name === 'PostgreSQL' ? ' ON audit_log' : ''));

    expect(refused.status).toBe(500);
    expect(refused.text).toContain('Erro interno. Tente novamente mais tarde.');
    expect(readable(refused.text)).not.toContain(FLOOR);
    expect((await page()).status).toBe(200);
  });

  it('writes every number as the rest of the site does, the price’s placeholder at the floor', async () => {
    const { app, seller, quoteId } = await setUp();

    const res = await request(app).get(`/painel/leads/${quoteId}/proposta`).set('Cookie', seller.cookie);

    expect(res.text).toContain('<dt>Valor da mercadoria</dt><dd>R$ 150.000,00</dd>');
    expect(res.text).toContain('<dt>Distância</dt><dd>3.050 km</dd>');
    expect(res.text).toContain('placeholder="29.608,09"');
    expect(res.text).toContain('aria-describedby="preco-piso"');
  });

  it('sends the proposal: stored, mailed with its link, audited, the quote in Proposta enviada', async () => {
    const { repository, seller, quoteId, form, post } = await setUp();

    const res = await post(form);

    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/painel/leads/${quoteId}?salvo=proposta`);
    const [proposal] = await repository.proposals.proposalsOf(quoteId);
    expect(proposal).toMatchObject({
      priceCents: 3_250_000,
      includesToll: true,
      includesIcms: true,
      floorCents: 2_960_809,
    });
    const mail = (await backend.rows('outbox')).filter((row) => row.kind === 'proposal.mail').map(payloadOf);
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toBe('carlos@bebidasdonorte.com.br');
    expect(mail[0].text).toContain('Preço: R$ 32.500,00');
    expect(mail[0].text).toMatch(/http:\/\/localhost:3000\/proposta\/[A-Za-z0-9_-]{43}\n/);
    const { work } = (await repository.inbox.getLead(quoteId))!;
    expect(work.status).toBe('proposal');
    // A quote nobody owned is the sender's now, audited as the Responsável form's change is.
    expect(work.owner?.id).toBe(seller.member.id);
    const lines = await repository.audit.readAudit({ leadId: quoteId, limit: 10 });
    expect(lines.map((line) => line.action)).toContain('proposal.sent');
    const owned = lines.find((line) => line.action === 'lead.owner');
    expect([owned?.actor, owned?.detail]).toEqual([seller.member.email, { to: seller.member.id }]);
  });

  it('leaves a quote that someone owns with its owner', async () => {
    const { repository, quoteId, form, post } = await setUp();
    const { member: owner } = await signedInMember(repository, 'vendas');
    await repository.inbox.changeLead(quoteId, 1, { owner: owner.id }, { actor: { kind: 'token' } });

    expect((await post(form)).status).toBe(303);

    const { work } = (await repository.inbox.getLead(quoteId))!;
    expect([work.status, work.owner?.id]).toEqual(['proposal', owner.id]);
  });

  it.each([
    ['"32500"', '"32500"', 'Escreva o preço só com números'],
    ['scientific notation', '3.25e4', 'Escreva o preço só com números'],
    ['a negative price', '-32.500,00', 'O preço deve ser maior que zero.'],
    ['a giant price', '99999999999', 'O preço pode ser no máximo R$ 10.000.000,00.'],
    ['a decimal point', '32500.50', 'Escreva o preço só com números'],
  ])('refuses %s in Portuguese, with every field kept and nothing stored', async (_name, preco, message) => {
    const { repository, quoteId, form, post } = await setUp();

    const res = await post({ ...form, preco });

    expect(res.status).toBe(400);
    const text = readable(res.text);
    expect(text).toContain(message);
    expect(text).toContain(`value="${preco}"`);
    expect(text).toContain('Pagamento em 30 dias.');
    expect(await repository.proposals.proposalsOf(quoteId)).toEqual([]);
  });

  // 2027-02-30 answered 500 on PostgreSQL, and was stored and mailed from SQLite: Date.parse
  // reads it. Each is refused for what it is, with the fields kept.
  it.each([
    ['validade', '2027-02-30'],
    ['validade', '2027-02-29'],
    ['coleta_de', '2027-02-29'],
    ['coleta_ate', '2027-02-30'],
    ['coleta_ate', '2026-04-31'],
  ])('refuses a %s of %s, a day no calendar has, in Portuguese', async (field, day) => {
    const { repository, quoteId, form, post } = await setUp();

    const res = await post({ ...form, [field]: day });

    expect(res.status).toBe(400);
    expect(readable(res.text)).toContain('Esta data não existe no calendário');
    expect(readable(res.text)).toContain(`value="${day}"`);
    expect(await repository.proposals.proposalsOf(quoteId)).toEqual([]);
  });

  it('counts a price’s significant digits: 000000032500 is R$ 32.500,00', async () => {
    const { repository, quoteId, form, post } = await setUp();

    const res = await post({ ...form, preco: '000000032500' });

    expect(res.status).toBe(303);
    expect((await repository.proposals.proposalsOf(quoteId)).map((proposal) => proposal.priceCents)).toEqual([
      3_250_000,
    ]);
  });

  it('refuses a validity in the past and a pickup window that ends before it starts', async () => {
    const { form, post } = await setUp();

    const res = await post({ ...form, validade: dayFromToday(-1), coleta_ate: dayFromToday(2) });

    expect(res.status).toBe(400);
    expect(readable(res.text)).toContain('A validade não pode estar no passado.');
    expect(readable(res.text)).toContain('O fim da janela não pode ser antes do início.');
  });

  it('refuses a price under the floor with the act and the floor, whatever reason a member sends', async () => {
    const { repository, quoteId, form, post } = await setUp();

    const res = await post({ ...form, preco: '20.000,00', motivo_piso: 'Carga de retorno' });

    expect(res.status).toBe(400);
    expect(readable(res.text)).toContain(
      `Preço abaixo do piso mínimo da ANTT: ${FLOOR} pela Portaria SUROC nº 22/2026.`,
    );
    expect(readable(res.text)).toContain('Só um administrador pode enviar abaixo do piso');
    expect(await repository.proposals.proposalsOf(quoteId)).toEqual([]);
  });

  it('lets an admin go under the floor with a reason alone, and audits the override', async () => {
    const { repository, quoteId, form, post } = await setUp('admin');

    const without = await post({ ...form, preco: '20.000,00' });
    const withReason = await post({ ...form, preco: '20.000,00', motivo_piso: 'Carga de retorno' });

    expect(without.status).toBe(400);
    expect(readable(without.text)).toContain('escreva o motivo');
    expect(withReason.status).toBe(303);
    const [proposal] = await repository.proposals.proposalsOf(quoteId);
    expect(proposal).toMatchObject({
      priceCents: 2_000_000,
      overrideReason: 'Carga de retorno',
      floorCents: 2_960_809,
    });
    const [override] = await repository.audit.readAudit({
      leadId: quoteId,
      action: 'proposal.floor_override',
      limit: 5,
    });
    expect(override?.detail).toMatchObject({
      reason: 'Carga de retorno',
      floorCents: 2_960_809,
      priceCents: 2_000_000,
    });
  });

  it('lists the proposal on the quote’s page, and answers a contact’s form with 404', async () => {
    const { app, repository, seller, quoteId, form, post } = await setUp();
    const contactId = await storeContact(repository, {});

    await post(form);
    const page = await request(app).get(`/painel/leads/${quoteId}?salvo=proposta`).set('Cookie', seller.cookie);
    const contact = await post(form, contactId);

    expect(readable(page.text)).toContain('Salvo: proposta enviada ao cliente por e-mail.');
    expect(readable(page.text)).toContain('R$ 32.500,00');
    expect(readable(page.text)).toContain('aguardando resposta');
    expect(readable(page.text)).toContain('E-mail da proposta (ao cliente, ou a resposta dele)');
    expect(contact.status).toBe(404);
  });

  it('sends one proposal for a form posted twice at once, and the same page to both posts', async () => {
    const { repository, quoteId, form, post, drawnKey } = await setUp();
    const chave = await drawnKey();

    const posts = await Promise.all([post({ ...form, chave }), post({ ...form, chave }), post({ ...form, chave })]);

    expect(posts.map((res) => [res.status, res.headers.location])).toEqual(
      Array(3).fill([303, `/painel/leads/${quoteId}?salvo=proposta`]),
    );
    expect(await repository.proposals.proposalsOf(quoteId)).toHaveLength(1);
    expect((await backend.rows('outbox')).filter((row) => row.kind === 'proposal.mail')).toHaveLength(1);
    const sent = await repository.audit.readAudit({ leadId: quoteId, action: 'proposal.sent', limit: 5 });
    expect(sent).toHaveLength(1);
  });

  it('keeps the key through a refusal, and redraws a form that came without one', async () => {
    const { repository, quoteId, form, post } = await setUp();

    const refused = await post({ ...form, chave: '3f0c1a52-5d7e-4b8a-9c3e-2f1a6b7c8d9e', preco: '-1' });
    const keyless = await post({ ...form, chave: '' });

    expect(refused.status).toBe(400);
    expect(refused.text).toContain('name="chave" value="3f0c1a52-5d7e-4b8a-9c3e-2f1a6b7c8d9e"');
    expect(keyless.status).toBe(400);
    expect(readable(keyless.text)).toContain('O formulário estava incompleto: confira os dados e envie de novo.');
    expect(keyless.text).toMatch(/name="chave" value="[0-9a-f-]{36}"/);
    expect(await repository.proposals.proposalsOf(quoteId)).toEqual([]);
  });

  it('sends nothing for a won quote until a member reopens it, which is audited', async () => {
    const { app, repository, seller, quoteId, form, post } = await setUp();
    await post(form);
    const [first] = await repository.proposals.proposalsOf(quoteId);
    await repository.proposals.answer(
      first!,
      { answer: 'accepted', acceptedBy: 'Carlos' },
      () => [{ subject: 'Aceita', text: 'Aceita' }],
      { actor: { kind: 'anonymous' } },
    );

    const refused = await post(form);
    const page = await request(app).get(`/painel/leads/${quoteId}/proposta`).set('Cookie', seller.cookie);
    const reopen = await request(app)
      .post(`/painel/leads/${quoteId}/reabrir`)
      .set(SAME_SITE)
      .set('Cookie', seller.cookie);
    const resent = await post(form);

    expect(refused.status).toBe(409);
    expect(readable(refused.text)).toContain('Esta cotação já está como Ganho: reabra-a para enviar outra proposta.');
    expect(readable(page.text)).toContain('Reabrir a cotação');
    expect(page.text).not.toContain('Enviar proposta ao cliente');
    expect(reopen.status).toBe(303);
    expect(reopen.headers.location).toBe(`/painel/leads/${quoteId}/proposta`);
    expect(resent.status).toBe(303);
    expect(await repository.proposals.proposalsOf(quoteId)).toHaveLength(2);
    expect((await repository.inbox.getLead(quoteId))?.work.status).toBe('proposal');
    const [reopened] = await repository.audit.readAudit({ leadId: quoteId, action: 'quote.reopened', limit: 5 });
    expect(reopened?.actor).toBe(seller.member.email);
  });
});
