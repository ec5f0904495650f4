import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../composition/audit';
import type { AuditLine } from './events';
import { leadNamesOf, peopleOf, readableLine } from './readable';

// Each kind of fact the code writes into a line, put in words (docs/requirements.md §11.6).

const people = peopleOf([
  { id: 'a1', email: 'ana@example.com', name: 'Ana Souza', revoked: false },
  { id: 'b2', email: 'bruno@example.com', name: 'Bruno Lima', revoked: true },
]);
const line = (fields: Partial<AuditLine>): AuditLine => ({
  seq: 1,
  at: '2026-11-28T12:00:00.000Z',
  action: 'signin',
  actor: 'ana@example.com',
  actorId: 'a1',
  ...fields,
});
const factsOf = (fields: Partial<AuditLine>) =>
  readableLine(line(fields), people, new Map(), AUDIT_ACTIONS).facts.map(({ label, value }) => `${label}: ${value}`);

describe('an audit line in words', () => {
  it.each<[Partial<AuditLine>, string[]]>([
    [{ action: 'member.role', detail: { de: 'vendas', para: 'admin' } }, ['De: Vendas', 'Para: Administração']],
    [
      { action: 'member.invited', detail: { papel: 'vendas', por: 'linha de comando' } },
      ['Papel: Vendas', 'Por: linha de comando'],
    ],
    [{ action: 'lead.status', detail: { to: 'won', from: 'proposal' } }, ['De: Proposta enviada', 'Para: Ganho']],
    [{ action: 'lead.owner', detail: { to: 'b2' } }, ['Para: Bruno Lima (acesso revogado)']],
    [{ action: 'lead.owner', detail: { to: 'ninguém' } }, ['Para: ninguém']],
    [
      { action: 'leads.exported', detail: { table: 'leads', filter: 'situacao=new', searchWords: 2 } },
      ['Tabela: leads da caixa de entrada', 'Filtro: situacao=new', 'Palavras buscadas: 2'],
    ],
    [
      { action: 'subject.erasure', detail: { contacts: 2, quotes: 1, suspects: 0 } },
      ['Contatos: 2', 'Cotações: 1', 'Envios retidos: 0'],
    ],
    [
      { action: 'retention.purge', detail: { contacts: 1, quotes: 0, suspects: 0, outbox: 3, audit: 1200 } },
      ['Contatos: 1', 'Cotações: 0', 'Envios retidos: 0', 'Entregas: 3', 'Linhas do registro: 1.200'],
    ],
    [{ action: 'sessions.ended', detail: { sessões: 2 } }, ['Sessões encerradas: 2']],
    [
      { action: 'signin.failed', detail: { método: 'código por e-mail', espera: 2 } },
      ['Como: código por e-mail', 'Espera (segundos): 2'],
    ],
  ])('%j reads %j', (fields, facts) => {
    expect(factsOf(fields)).toEqual(facts);
  });

  it('names the actor, marks a revoked one, and says who the token and the site are', () => {
    const who = (fields: Partial<AuditLine>) => readableLine(line(fields), people, new Map(), AUDIT_ACTIONS).who;

    expect(who({})).toBe('Ana Souza');
    expect(who({ actor: 'bruno@example.com', actorId: 'b2' })).toBe('Bruno Lima (acesso revogado)');
    expect(who({ actor: 'token', actorId: undefined })).toBe('API (token)');
    expect(who({ actor: 'sistema', actorId: undefined })).toBe('O site (automático)');
  });

  it('names each lead by its person, linked while it exists, and says when it is gone', () => {
    const leads = leadNamesOf([
      { id: 'l1', kind: 'contact', name: 'Maria', company: 'Acme' },
      { id: 'l2', kind: 'quote', name: 'Carlos' },
    ]);

    const entry = readableLine(
      line({ action: 'leads.read', leadIds: ['l1', 'l2', 'l3'] }),
      people,
      leads,
      AUDIT_ACTIONS,
    );

    expect(entry.leads).toEqual([
      { id: 'l1', text: 'Contato de Maria (Acme)', href: '/painel/leads/l1' },
      { id: 'l2', text: 'Cotação de Carlos', href: '/painel/leads/l2' },
      { id: 'l3', text: 'lead eliminado' },
    ]);
  });
});
