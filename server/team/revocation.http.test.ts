import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { sampleContact, sampleQuote, validContact, validQuote } from '../../test/support/leads';
import { sessionOf, signedInMember } from '../../test/support/members';
import type { Repository } from '../composition/repository';

// Revoking a member hands their open leads over (docs/requirements.md §6.3): asked on a
// confirmation page, chosen on purpose, done in the revocation's transaction, and each change audited.

/** Bruno, with a session, owning a new contact, a quote in proposal and a contact won. */
async function brunoWithLeads(repository: Repository) {
  const bruno = await repository.team.addMember({ email: 'bruno@example.com', name: 'Bruno Lima', role: 'vendas' });
  const carla = await repository.team.addMember({ email: 'carla@example.com', name: 'Carla Dias', role: 'vendas' });
  const session = await sessionOf(repository, bruno.id);
  const by = { actor: { kind: 'member', id: bruno.id, email: bruno.email } } as const;
  const open = (await repository.contacts.createContact(validContact(sampleContact))).record.id;
  const proposal = (await repository.quotes.createQuote(validQuote(sampleQuote))).record.id;
  const won = (await repository.contacts.createContact(validContact({ ...sampleContact, name: 'Davi' }))).record.id;
  await repository.inbox.changeLead(open, 1, { owner: bruno.id }, by);
  await repository.inbox.changeLead(proposal, 1, { owner: bruno.id, status: 'proposal' }, by);
  await repository.inbox.changeLead(won, 1, { owner: bruno.id, status: 'won' }, by);
  return { bruno, carla, session, leads: { open, proposal, won } };
}

const ownerOf = async (repository: Repository, id: string) => (await repository.inbox.getLead(id))?.work.owner;

describe.each(backendsForThisFile())('revoking a member, on $name', (backend) => {
  it('asks first, on a page that names who may take the open leads, nobody included', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const { bruno, carla } = await brunoWithLeads(repository);

    const team = await request(app).get('/painel/equipe').set('Cookie', admin.cookie).expect(200);
    const page = await request(app).get(`/painel/equipe/${bruno.id}/revogar`).set('Cookie', admin.cookie).expect(200);
    const unchosen = await request(app)
      .post(`/painel/equipe/${bruno.id}/revogar`)
      .set('Cookie', admin.cookie)
      .type('form')
      .send({});

    expect(team.text).toContain(`href="/painel/equipe/${bruno.id}/revogar"`);
    expect(page.text).toContain('Revogar o acesso de Bruno Lima?');
    expect(page.text).toContain(`<option value="${carla.id}">Carla Dias</option>`);
    expect(page.text).toContain('<option value="ninguem">Ninguém: ficam sem responsável</option>');
    expect(page.text).not.toContain(`<option value="${bruno.id}">`);
    expect(unchosen.status).toBe(400);
    expect(unchosen.text).toContain('Escolha quem assume os leads abertos, ou “ninguém”.');
    expect(await repository.team.memberById(bruno.id)).toBeDefined();
  });

  it('hands the open leads to the one chosen, audited, and keeps the closed ones with the revoked name', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const { bruno, carla, session, leads } = await brunoWithLeads(repository);

    const res = await request(app)
      .post(`/painel/equipe/${bruno.id}/revogar`)
      .set('Cookie', admin.cookie)
      .type('form')
      .send({ para: carla.id })
      .expect(200);

    expect(res.text).toContain('Acesso de Bruno Lima revogado. 2 leads abertos passaram para Carla Dias.');
    expect((await ownerOf(repository, leads.open))?.id).toBe(carla.id);
    expect((await ownerOf(repository, leads.proposal))?.id).toBe(carla.id);
    expect(await ownerOf(repository, leads.won)).toEqual(
      expect.objectContaining({ id: bruno.id, name: 'Bruno Lima (acesso revogado)' }),
    );
    expect(await repository.team.findSession(session.digest, 60_000)).toBeUndefined();
    const lines = await repository.audit.readAudit({ limit: 10 });
    expect(lines.filter(({ action }) => action === 'lead.owner').slice(0, 2)).toEqual([
      expect.objectContaining({ actorId: admin.member.id, detail: { to: carla.id, from: bruno.id } }),
      expect.objectContaining({ actorId: admin.member.id, detail: { to: carla.id, from: bruno.id } }),
    ]);
    expect(lines[0]).toMatchObject({
      action: 'member.revoked',
      subject: bruno.email,
      detail: { leads: 2, para: carla.id },
    });
  });

  it('with “ninguém” leaves the open leads with nobody; the inbox still shows and filters by the revoked owner, open ones too', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const { bruno, leads } = await brunoWithLeads(repository);

    await request(app)
      .post(`/painel/equipe/${bruno.id}/revogar`)
      .set('Cookie', admin.cookie)
      .type('form')
      .send({ para: 'ninguem' })
      .expect(200);
    const inbox = await request(app).get(`/painel?responsavel=${bruno.id}`).set('Cookie', admin.cookie).expect(200);
    const lead = await request(app).get(`/painel/leads/${leads.won}`).set('Cookie', admin.cookie).expect(200);

    expect(await ownerOf(repository, leads.open)).toBeUndefined();
    expect(await ownerOf(repository, leads.proposal)).toBeUndefined();
    expect(inbox.text).toContain(`<option value="${bruno.id}" selected="">Bruno Lima (acesso revogado)</option>`);
    expect(inbox.text).toContain(`/painel/leads/${leads.won}`);
    // Handed to nobody, still found under the name of who had it.
    expect(inbox.text).toContain(`/painel/leads/${leads.open}`);
    expect(lead.text).toContain('Bruno Lima (acesso revogado)');
  });

  it('keeps a revoked member who owned only open leads in the owner filter, finding what they handed over', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const { bruno, carla, leads } = await brunoWithLeads(repository);
    await repository.inbox.changeLead(
      leads.won,
      2,
      { owner: carla.id },
      { actor: { kind: 'member', id: carla.id, email: carla.email } },
    );

    await request(app)
      .post(`/painel/equipe/${bruno.id}/revogar`)
      .set('Cookie', admin.cookie)
      .type('form')
      .send({ para: carla.id })
      .expect(200);
    const inbox = await request(app).get(`/painel?responsavel=${bruno.id}`).set('Cookie', admin.cookie).expect(200);

    expect(inbox.text).toContain(`<option value="${bruno.id}" selected="">Bruno Lima (acesso revogado)</option>`);
    expect(inbox.text).toContain(`/painel/leads/${leads.open}`);
    expect(inbox.text).toContain(`/painel/leads/${leads.proposal}`);
    expect(inbox.text).not.toContain(`/painel/leads/${leads.won}`);
    expect(inbox.text).toContain('antes: Bruno Lima (acesso revogado)');
  });
});
