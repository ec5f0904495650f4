import type { RequestHandler } from 'express';
import type { Stores } from '../stores';
import { asMemberId, type WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { AUDIT_ACTIONS, type AuditAction, type AuditLine } from './events';

/** Lines per page of the audit record. */
const AUDIT_PAGE = 50;

const detailText = (line: AuditLine) =>
  [
    ...Object.entries(line.detail ?? {}).map(([key, value]) => `${key}: ${value}`),
    ...(line.leadIds?.length ? [`leads: ${line.leadIds.join(', ')}`] : []),
  ].join(' · ');

/** The audit record, /painel/registro: an admin's, filtered by member and action, a page at a time. */
export function auditRoutes({
  audit,
  team,
  render,
}: WorkplaceContext & Pick<Stores, 'audit' | 'team'>): WorkplaceRoute[] {
  const record: RequestHandler = async (req, res) => {
    const action =
      typeof req.query.acao === 'string' && req.query.acao in AUDIT_ACTIONS
        ? (req.query.acao as AuditAction)
        : undefined;
    const before =
      typeof req.query.antes === 'string' && /^\d{1,15}$/.test(req.query.antes) ? Number(req.query.antes) : undefined;
    const validActor = asMemberId(req.query.membro);
    const lines = await audit.readAudit({ actorId: validActor, action, before, limit: AUDIT_PAGE });
    const members = await team.listMembers();
    const last = lines.at(-1);
    const older =
      lines.length === AUDIT_PAGE && last
        ? `/painel/registro?${new URLSearchParams({
            ...(validActor && { membro: validActor }),
            ...(action && { acao: action }),
            antes: String(last.seq),
          })}`
        : undefined;
    render(res, 200, 'audit', {
      rows: lines.map((line) => ({ ...line, detail: detailText(line) })),
      actions: AUDIT_ACTIONS,
      members: members.map(({ id, name }) => ({ id, name })),
      filter: { actorId: validActor, action },
      older,
    });
  };

  return [pageRoute('GET', '/painel/registro', 'admin', record)];
}
