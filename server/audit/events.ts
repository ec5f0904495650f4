import { SHIPMENT_AUDIT_ACTIONS } from '../shipments/audit';

/**
 * The audit record (docs/requirements.md, issue 33 §4): one append-only line per event that
 * touches the team's access or a person's data. Who, what, when, from where, and the request id.
 * The app has no way to edit or delete a line; lines expire with RETENTION_DAYS, and a person's
 * erasure removes their data from the lines while the events stay.
 */
export const AUDIT_ACTIONS = {
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
  'subject.access': 'Consulta de titular',
  'subject.erasure': 'Eliminação de titular',
  'retention.purge': 'Expurgo por retenção',
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
  'position.created': 'Vaga publicada',
  'position.updated': 'Vaga editada',
  'position.closed': 'Vaga encerrada',
  'proposal.sent': 'Proposta enviada',
  'proposal.floor_override': 'Proposta abaixo do piso ANTT autorizada',
  'proposal.viewed': 'Proposta aberta pelo link',
  'proposal.accepted': 'Proposta aceita',
  'proposal.refused': 'Proposta recusada',
  ...SHIPMENT_AUDIT_ACTIONS,
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * Who acted: a signed-in member (their id, and their e-mail as it was then), the API's bearer
 * token, the site itself (retention), or nobody yet known (a failed sign-in).
 */
export type AuditActor =
  | { kind: 'member'; id: string; email: string }
  | { kind: 'token' }
  | { kind: 'system' }
  | { kind: 'anonymous' };

export type AuditEvent = {
  action: AuditAction;
  actor: AuditActor;
  /**
   * What it was about, when one thing: a member's e-mail, a passkey's name. Never a lead's
   * personal data: a lead is named by its id in `leadIds`.
   */
  subject?: string;
  /** The leads it touched, by id: a person's erasure removes these ids from the lines. */
  leadIds?: readonly string[];
  /** Counts, a filter, a role: small facts, no personal data of a lead. */
  detail?: Readonly<Record<string, string | number | boolean>>;
  /** The client's address, as TRUST_PROXY lets the app see it (req.ip). */
  ip?: string;
  requestId?: string;
};

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
  action?: AuditAction;
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

export interface AuditStore {
  recordAudit(event: AuditEvent): Promise<void>;
  /**
   * A `lead.viewed` of one lead: a member's is written unless the same member's view of the same lead
   * was written within VIEW_RECORDED_EVERY_MS; any other actor's always.
   */
  recordView(
    event: AuditEvent & { action: 'lead.viewed' | 'shipment.viewed'; leadIds: readonly [string] },
  ): Promise<void>;
  /** Newest first. */
  readAudit(filter: AuditFilter): Promise<AuditLine[]>;
}

/** Who asked and from where: what a request (or the retention) hands the store that writes its line. */
export type AuditContext = Pick<AuditEvent, 'actor' | 'ip' | 'requestId'>;
