import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { sampleContact, validContact } from '../../test/support/leads';
import { addMember, signedInMember } from '../../test/support/members';

// /painel/registro as an admin reads it (docs/requirements.md §11.6): Portuguese words for each action and fact,
// people and leads by name, read at display time; the record itself keeps only ids.

/** The page's visible text: tags, the stylesheet and the folded details' contents out, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<details[\s\S]*?<\/details>/g, (details) => /<summary>([\s\S]*?)<\/summary>/.exec(details)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe.each(backendsForThisFile())('the audit page on $name', (backend) => {
  it('names the member and the lead, and says each fact in Portuguese, with no raw key or id in sight', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const seller = await repository.team.addMember({ email: 'bruno@example.com', name: 'Bruno Lima', role: 'vendas' });
    const { record } = await repository.contacts.createContact(
      validContact({ ...sampleContact, name: 'Maria Souza', company: 'Acme' }),
    );
    const by = { actor: { kind: 'member', id: seller.id, email: seller.email } } as const;
    await repository.inbox.changeLead(record.id, 1, { status: 'contacted', owner: seller.id }, by);

    const res = await request(app).get('/painel/registro').set('Cookie', admin.cookie).expect(200);
    const text = visibleText(res.text);

    expect(text).toContain('Situação do lead alterada');
    expect(text).toContain('De: Novo Para: Em contato');
    expect(text).toContain('Responsável pelo lead alterado');
    expect(text).toContain('Para: Bruno Lima');
    expect(text).toContain('Contato de Maria Souza (Acme)');
    expect(res.text).toContain(`<a href="/painel/leads/${record.id}">Contato de Maria Souza (Acme)</a>`);
    expect(text).not.toMatch(/\b(from|to|table|leads): /);
    expect(text).not.toContain(record.id);
    expect(text).not.toContain(seller.id);
    // The record keeps the lead's id, never its person's name.
    const lines = JSON.stringify(await backend.rows('audit_log'));
    expect(lines).toContain(record.id);
    expect(lines).not.toContain('Maria');
  });

  it('says “lead eliminado” for a lead that is gone, its id one tap away', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const gone = randomUUID();
    await repository.audit.recordAudit({
      action: 'lead.viewed',
      actor: { kind: 'token' },
      leadIds: [gone],
      detail: { table: 'quotes' },
    });

    const res = await request(app).get('/painel/registro').set('Cookie', admin.cookie).expect(200);

    expect(visibleText(res.text)).toContain('API (token) Tabela: cotações lead eliminado');
    expect(res.text).toMatch(
      new RegExp(`<details class="audit-id"><summary>lead eliminado</summary><code>${gone}</code>`),
    );
  });

  it('keeps the name of a member whose access was revoked, marked, and lists them in the filter', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const seller = await addMember(repository, 'vendas');
    await repository.audit.recordAudit({
      action: 'signout',
      actor: { kind: 'member', id: seller.id, email: seller.email },
    });
    await repository.team.revokeMember(seller.id);

    const res = await request(app).get('/painel/registro').set('Cookie', admin.cookie).expect(200);

    expect(visibleText(res.text)).toContain('Saída');
    expect(visibleText(res.text)).toContain(`${seller.name} (acesso revogado)`);
    expect(res.text).toContain(`<option value="${seller.id}">${seller.name} (acesso revogado)</option>`);
  });
});
