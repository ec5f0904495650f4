import type { Request, Response } from 'express';
import type { Queries } from '../db/database';
import { requestIdOf } from '../http/request-logging';

// The audit record as every module writes to it (docs/requirements.md §11.6; docs/decisions/028-one-audit-record.md):
// one append-only line per event that touches the team's access or a person's data. Who, what,
// when, from where, and the request id. The record itself, its table and its page, is the audit
// module's (server/audit/); each module names its own actions with their labels (its entry's `audit`).

/**
 * Who acted: a signed-in member (their id, and their e-mail as it was then), the API's bearer
 * token, the site itself (retention), or nobody yet known (a failed sign-in, a customer's link).
 */
export type AuditActor =
  | { kind: 'member'; id: string; email: string }
  | { kind: 'token' }
  | { kind: 'system' }
  | { kind: 'anonymous' };

/** One line, of one of the actions `A` (a module's own, by default any module's). */
export type AuditEvent<A extends string = string> = {
  action: A;
  actor: AuditActor;
  /**
   * What it was about, when one thing: a member's e-mail, a passkey's name. Never a lead's
   * personal data: a lead is named by its id in `leadIds`.
   */
  subject?: string;
  /** The records it touched, by id (leads, applications…): a person's erasure removes these ids from the lines. */
  leadIds?: readonly string[];
  /** Counts, a filter, a role: small facts, no personal data. */
  detail?: Readonly<Record<string, string | number | boolean>>;
  /** The client's address, as TRUST_PROXY lets the app see it (req.ip). */
  ip?: string;
  requestId?: string;
};

/** Who asked and from where: what a request (or the retention) hands the store that writes its line. */
export type AuditContext = Pick<AuditEvent, 'actor' | 'ip' | 'requestId'>;

/** Writes a line in the caller's transaction, so that it is committed with what it records, or not at all. */
export type AuditWriter<A extends string = string> = {
  append(tx: Queries, event: AuditEvent<A>): Promise<void>;
};

/** What a route writes to the record: a line of its own, and a member's view of a lead (at most one an hour). */
export interface AuditRecorder<A extends string = string> {
  recordAudit(event: AuditEvent<A>): Promise<void>;
  /**
   * A `lead.viewed` of one lead: a member's is written unless the same member's view of the same lead
   * was written within the hour (docs/requirements.md §11.6); any other actor's always.
   */
  recordView(event: AuditEvent<'lead.viewed' | 'shipment.viewed'> & { leadIds: readonly [string] }): Promise<void>;
}

/**
 * Who asked and from where, for the audit line of what this request does: the actor its guard
 * named (server/http/admin.ts names the API token), the client's address as TRUST_PROXY lets the app
 * see it, and the request id of its log line. A route that reads personal data without a guard is
 * a bug, and fails here rather than write a line that names no one.
 */
export function auditContext(req: Request, res: Response): AuditContext {
  const actor = res.locals.actor as AuditActor | undefined;
  if (!actor) throw new Error('registro de auditoria: rota de dados pessoais sem guarda que identifique quem pede');
  return { actor, ip: req.ip, requestId: requestIdOf(res) };
}

/** The signed-in member as the audit names them; anonymous before sign-in. */
const actorOf = (res: Response): AuditActor => {
  const member = res.locals.signedIn?.member;
  return member ? { kind: 'member', id: member.id, email: member.email } : { kind: 'anonymous' };
};

/** Appends a line for a signed-in page's request: its actor unless given, its address as trusted, and its id. */
export const auditFor =
  <A extends string>(audit: Pick<AuditRecorder<A>, 'recordAudit'>) =>
  (req: Request, res: Response, event: Omit<AuditEvent<A>, 'actor' | 'ip' | 'requestId'> & { actor?: AuditActor }) =>
    audit.recordAudit({ actor: actorOf(res), ...event, ip: req.ip, requestId: requestIdOf(res) });
