import type { Request, Response } from 'express';
import type { ListResult } from '../db/results';
import { requestIdOf } from '../http/request-logging';
import type { AuditActor, AuditContext, AuditEvent, AuditStore } from './events';

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

/**
 * A protected listing's page, recorded as read (issue 33 §4, §6) with the leads it showed before
 * it is sent: a page whose line cannot be written is not sent.
 */
export const auditedListing =
  <T extends { id: string }>(
    audit: AuditStore,
    table: 'contacts' | 'quotes',
    list: (page: number, limit: number) => Promise<ListResult<T>>,
  ) =>
  async (page: number, limit: number, req: Request, res: Response) => {
    const listed = await list(page, limit);
    await audit.recordAudit({
      ...auditContext(req, res),
      action: 'leads.read',
      leadIds: listed.items.map((item) => item.id),
      detail: { table, page, limit },
    });
    return listed;
  };

/** The signed-in member as the audit names them; anonymous before sign-in. */
const actorOf = (res: Response): AuditActor => {
  const member = res.locals.signedIn?.member;
  return member ? { kind: 'member', id: member.id, email: member.email } : { kind: 'anonymous' };
};

/** Appends a line for a signed-in page's request: its actor unless given, its address as trusted, and its id. */
export const auditFor =
  (audit: AuditStore) =>
  (req: Request, res: Response, event: Omit<AuditEvent, 'actor' | 'ip' | 'requestId'> & { actor?: AuditActor }) =>
    audit.recordAudit({ actor: actorOf(res), ...event, ip: req.ip, requestId: requestIdOf(res) });
