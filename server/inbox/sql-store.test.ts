import { describe, expect, it } from 'vitest';
import { backendsForThisFile } from '../../test/support/backends';
import { newestFirst, storeContact, storeQuote } from '../../test/support/inbox';
import { BY_TOKEN, sampleContact } from '../../test/support/leads';
import { addMember } from '../../test/support/members';

// The inbox's store (docs/requirements.md §6.4), the same on both backends.

const [contact, quote] = [storeContact, storeQuote];

describe.each(backendsForThisFile())('The inbox on $name', (backend) => {
  it('lists contacts and quotes together, newest first, page after page', async () => {
    const repository = await backend.fresh();
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) {
      ids.push(await contact(repository, { name: `Contato ${n}` }));
      ids.push(await quote(repository, { name: `Cotação ${n}` }));
    }
    const first = await repository.inbox.listLeads({}, 4);
    const second = await repository.inbox.listLeads({}, 4, first.at(-1));
    const third = await repository.inbox.listLeads({}, 4, second.at(-1));

    expect([...first, ...second, ...third].map((row) => row.id)).toEqual(newestFirst(ids));
    expect(first[0]).toMatchObject({
      kind: 'quote',
      name: 'Cotação 4',
      status: 'new',
      summary: 'Campinas/SP → Belém/PA',
    });
    expect(first[1]).toMatchObject({ kind: 'contact', name: 'Contato 4', summary: sampleContact.message });
    expect((await repository.inbox.listLeads({ kind: 'quote' }, 20)).map((row) => row.kind)).toEqual(
      Array(5).fill('quote'),
    );
  });

  it('finds a lead by a word of its message, its city or its company, whatever the accents and case', async () => {
    const repository = await backend.fresh();
    const wanted = await contact(repository, { message: 'Carga de açaí saindo de São Paulo para Belém.' });
    const byCompany = await contact(repository, { company: 'Frigorífico Itaúna', message: 'Outra coisa.' });
    const byCity = await quote(repository, { origin: { city: 'Ribeirão Preto', state: 'SP' } });
    await contact(repository, { message: 'Nada a ver.' });

    const found = async (text: string) =>
      (await repository.inbox.listLeads({ words: text.split(' ') }, 10)).map((row) => row.id).sort();

    expect(await found('sao paulo')).toEqual([wanted]);
    expect(await found('ACAI belem')).toEqual([wanted]);
    expect(await found('itauna')).toEqual([byCompany]);
    expect(await found('ribeirao')).toEqual([byCity]);
    expect(await found('sao manaus')).toEqual([]);
  });

  it('filters by status, owner, source and period', async () => {
    const repository = await backend.fresh();
    const seller = await addMember(repository, 'vendas');
    const by = { actor: { kind: 'member', id: seller.id, email: seller.email } } as const;
    const taken = await contact(repository, { source: { utmSource: 'google', utmCampaign: 'norte' } });
    const other = await quote(repository, {});
    await repository.inbox.changeLead(taken, 1, { owner: seller.id, status: 'contacted' }, by);

    const ids = async (query: object) => (await repository.inbox.listLeads(query, 10)).map((row) => row.id);
    expect(await ids({ status: 'contacted' })).toEqual([taken]);
    expect(await ids({ status: 'new' })).toEqual([other]);
    expect(await ids({ owner: seller.id })).toEqual([taken]);
    expect(await ids({ owner: null })).toEqual([other]);
    expect(await ids({ source: 'google', campaign: 'norte' })).toEqual([taken]);
    expect(await ids({ until: '2000-01-01T00:00:00.000Z' })).toEqual([]);
    expect((await repository.inbox.listLeads({ owner: seller.id }, 1))[0]?.owner).toEqual({
      id: seller.id,
      name: seller.name,
    });
  });

  it('reads a quote an older replica stored as pending as new, in the list, its filter and its work', async () => {
    const repository = await backend.fresh();
    const id = await quote(repository, {});
    await backend.exec(`UPDATE quotes SET status = 'pending' WHERE id = '${id}'`);

    const listed = await repository.inbox.listLeads({ status: 'new' }, 10);

    expect(listed.map((row) => [row.id, row.status])).toEqual([[id, 'new']]);
    expect((await repository.inbox.getLead(id))?.work.status).toBe('new');
  });

  it('refuses a change made against an older version, and keeps the first one', async () => {
    const repository = await backend.fresh();
    const [ana, bia] = [await addMember(repository, 'vendas'), await addMember(repository, 'vendas')];
    const member = (m: typeof ana) => ({ actor: { kind: 'member', id: m.id, email: m.email } }) as const;
    const id = await quote(repository, {});

    const first = await repository.inbox.changeLead(id, 1, { status: 'contacted', note: 'Liguei.' }, member(ana));
    const second = await repository.inbox.changeLead(id, 1, { status: 'lost', lostReason: 'Preço' }, member(bia));

    expect(first).toMatchObject({ outcome: 'changed', lead: { work: { status: 'contacted', version: 2 } } });
    expect(second).toMatchObject({ outcome: 'conflict', lead: { work: { status: 'contacted', version: 2 } } });
    expect(first?.lead.work.respondedAt).toMatch(/^\d{4}-/);
    expect(await repository.inbox.leadNotes(id)).toEqual([
      {
        id: expect.any(String),
        author: { id: ana.id, name: ana.name },
        body: 'Liguei.',
        createdAt: expect.any(String),
      },
    ]);
    const history = await repository.audit.readAudit({ leadId: id, limit: 10 });
    expect(history.map((line) => [line.action, line.actorId])).toEqual([
      ['lead.note', ana.id],
      ['lead.status', ana.id],
    ]);
  });

  it('lets the erasure of a person take their notes and their words in the index with them', async () => {
    const repository = await backend.fresh();
    const seller = await addMember(repository, 'vendas');
    const id = await contact(repository, { email: 'apagar@example.com', message: 'Mudança para Macapá.' });
    await repository.inbox.changeLead(
      id,
      1,
      { note: 'Cliente de Macapá' },
      {
        actor: { kind: 'member', id: seller.id, email: seller.email },
      },
    );

    await repository.personalData.eraseSubject('apagar@example.com', BY_TOKEN);

    expect(await repository.inbox.leadNotes(id)).toEqual([]);
    expect(await repository.inbox.listLeads({ words: ['macapa'] }, 10)).toEqual([]);
    expect(await repository.audit.readAudit({ leadId: id, limit: 10 })).toEqual([]);
  });
});
