import type { AuditEvent, AuditRecorder } from '../module/audit';

/**
 * The audit record (docs/requirements.md §11.6): one append-only line per event that touches the
 * team's access or a person's data. Who, what, when, from where, and the request id. The app has no
 * way to edit or delete a line; lines expire with RETENTION_DAYS, and a person's erasure removes
 * their data from the lines while the events stay. The actions of the features not yet modules,
 * with their labels; each module names its own (server/composition/audit.ts gathers them).
 */
export const LEGACY_AUDIT = {
  signin: 'Entrada',
  'signin.failed': 'Entrada recusada',
  signout: 'Saída',
  'sessions.ended': 'Sessões encerradas',
  'passkey.added': 'Chave de acesso adicionada',
  'passkey.removed': 'Chave de acesso removida',
  'code.sent': 'Código enviado por e-mail',
  'member.invited': 'Convite',
  'member.role': 'Papel alterado',
  'member.revoked': 'Acesso revogado',
  'lead.viewed': 'Dados de lead vistos',
  'lead.status': 'Situação do lead alterada',
  'lead.owner': 'Responsável pelo lead alterado',
  'lead.note': 'Nota no lead',
  'suspect.released': 'Suspeito liberado (não é spam)',
  'suspect.spam': 'Suspeito marcado como spam',
  'leads.read': 'Leads lidos',
  'leads.exported': 'Exportação',
  'applications.read': 'Candidaturas listadas',
  'application.viewed': 'Candidatura vista',
  'application.cv': 'Currículo baixado',
  'application.stage': 'Etapa da candidatura alterada',
  'application.note': 'Nota na candidatura',
  'application.released': 'Candidatura liberada (não é spam)',
  'antt.table.added': 'Tabela ANTT adicionada',
  'antt.table.completed': 'Tabela ANTT completada',
  'freight.lane.set': 'Distância de rota definida',
  'freight.lane.removed': 'Distância de rota removida',
  'proposal.sent': 'Proposta enviada',
  'proposal.floor_override': 'Proposta abaixo do piso ANTT autorizada',
  'proposal.viewed': 'Proposta aberta pelo link',
  'proposal.accepted': 'Proposta aceita',
  'proposal.refused': 'Proposta recusada',
  'quote.reopened': 'Cotação reaberta',
} as const;

/** A stored line, as the admins read it at /painel/registro. */
export type AuditLine = Omit<AuditEvent, 'actor'> & {
  seq: number;
  at: string;
  /** The actor as stored: a member's e-mail, 'token', 'sistema' or 'anônimo'. */
  actor: string;
  actorId?: string;
};

export type AuditFilter = {
  /** A member's id. */
  actorId?: string;
  action?: string;
  /** The one lead the lines are about: a lead's history. */
  leadId?: string;
  /** Keyset pagination: lines with a smaller seq. */
  before?: number;
  limit: number;
};

/**
 * A member's view of one lead's page is recorded at most once per this long (docs/requirements.md
 * §11.6): the record says who saw which lead and when, without a line for every reload.
 */
export const VIEW_RECORDED_EVERY_MS = 60 * 60_000;

/** The record: its lines written (AuditRecorder) and read, newest first. */
export interface AuditStore extends AuditRecorder {
  readAudit(filter: AuditFilter): Promise<AuditLine[]>;
}
