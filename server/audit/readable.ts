import type { AuditEntry } from '../../shared/audit';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../shared/lead-status';
import { numberText } from '../../shared/number-text';
import { memberName } from '../../shared/team';
import type { AuditLine } from './events';

// The audit record as an admin reads it (docs/requirements.md §11.6): Portuguese words for every action and fact,
// and people and leads by name. The record itself keeps ids and e-mails only, never a lead's data:
// the names are read from the live tables when the page is drawn, and a lead that is gone says so.

/** Each fact a line may carry, by the key it is stored under. */
const FACT_LABELS: Record<string, string> = {
  contacts: 'Contatos',
  quotes: 'Cotações',
  suspects: 'Envios retidos',
  outbox: 'Entregas',
  audit: 'Linhas do registro',
  table: 'Tabela',
  filter: 'Filtro',
  searchWords: 'Palavras buscadas',
  page: 'Página',
  limit: 'Por página',
  método: 'Como',
  espera: 'Espera (segundos)',
  papel: 'Papel',
  role: 'Papel',
  antes: 'Papel antes',
  por: 'Por',
  de: 'De',
  para: 'Para',
  from: 'De',
  to: 'Para',
  sessões: 'Sessões encerradas',
  leads: 'Leads passados adiante',
  km: 'Quilômetros',
  proposal: 'Proposta',
  priceCents: 'Preço (centavos)',
  floorCents: 'Piso ANTT (centavos)',
  reason: 'Motivo',
  // A lane the admin set (server/freight/lanes.ts).
  roadKm: 'Km por rodovia',
  bargeKm: 'Km de balsa',
};

const factOrder = (key: string) => {
  const at = Object.keys(FACT_LABELS).indexOf(key);
  return at === -1 ? Number.MAX_SAFE_INTEGER : at;
};

const TABLES: Record<string, string> = { contacts: 'contatos', quotes: 'cotações', leads: 'leads da caixa de entrada' };
const ROLES: Record<string, string> = { vendas: 'Vendas', admin: 'Administração' };

/** A person as the panel names them: their name (marked if revoked), else what the line kept. */
export type People = { byId: Map<string, string>; byEmail: Map<string, string> };

export function peopleOf(members: readonly { id: string; email: string; name: string; revoked: boolean }[]): People {
  return {
    byId: new Map(members.map((member) => [member.id, memberName(member)])),
    byEmail: new Map(members.map((member) => [member.email.toLowerCase(), memberName(member)])),
  };
}

/** What a lead id reads as: its person and company, or that it is gone. */
export type LeadNames = Map<string, { text: string; href?: string }>;

const KIND_WORDS = { contact: 'Contato', quote: 'Cotação', suspect: 'Envio em Suspeitos' } as const;

export function leadNamesOf(
  labels: readonly { id: string; kind: keyof typeof KIND_WORDS; name: string; company?: string }[],
) {
  const names: LeadNames = new Map();
  for (const { id, kind, name, company } of labels)
    names.set(id, {
      text: `${KIND_WORDS[kind]} de ${name || 'alguém sem nome'}${company ? ` (${company})` : ''}`,
      ...(kind !== 'suspect' && { href: `/painel/leads/${id}` }),
    });
  return names;
}

const statusText = (value: unknown) => LEAD_STATUS_LABELS[value as LeadStatus] ?? String(value);

/** One fact's value in words: a table, a role, a status, a member, yes or no. */
function valueText(line: AuditLine, key: string, value: string | number | boolean, people: People) {
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (key === 'table') return TABLES[String(value)] ?? String(value);
  if (['papel', 'role', 'antes'].includes(key) || (line.action === 'member.role' && ['de', 'para'].includes(key)))
    return ROLES[String(value)] ?? String(value);
  if (line.action === 'lead.status') return statusText(value);
  if (line.action === 'lead.owner' || key === 'para')
    return value === 'ninguém'
      ? 'ninguém'
      : (people.byId.get(String(value)) ?? people.byEmail.get(String(value)) ?? String(value));
  return typeof value === 'number' ? numberText(value) : String(value);
}

/** Who acted, in words: a member's name, the API's token, the site, or nobody yet known. */
function actorText(line: AuditLine, people: People) {
  const named = (line.actorId && people.byId.get(line.actorId)) || people.byEmail.get(line.actor.toLowerCase());
  if (named) return named;
  if (line.actor === 'token') return 'API (token)';
  if (line.actor === 'sistema') return 'O site (automático)';
  if (line.actor === 'anônimo') return 'Alguém sem sessão';
  return line.actor;
}

/** A line as the audit page shows it. */
export function readableLine(
  line: AuditLine,
  people: People,
  leads: LeadNames,
  labels: Readonly<Record<string, string>>,
): AuditEntry {
  const subjectName = line.subject && people.byEmail.get(line.subject.toLowerCase());
  return {
    seq: line.seq,
    at: line.at,
    who: actorText(line, people),
    ...(line.actor !== actorText(line, people) && { whoDetail: line.actor }),
    what: labels[line.action] ?? line.action,
    ...(line.subject && { about: subjectName ? `${subjectName} · ${line.subject}` : line.subject }),
    // In the labels' order, not as stored: PostgreSQL's jsonb keeps its keys in an order of its own.
    facts: Object.entries(line.detail ?? {})
      .sort(([a], [b]) => factOrder(a) - factOrder(b))
      .map(([key, value]) => ({ label: FACT_LABELS[key] ?? key, value: valueText(line, key, value, people) })),
    leads: (line.leadIds ?? []).map((id) => ({ id, ...(leads.get(id) ?? { text: 'lead eliminado' }) })),
    ...(line.ip && { ip: line.ip }),
    ...(line.requestId && { requestId: line.requestId }),
  };
}
