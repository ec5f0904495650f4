import type { RequestHandler } from 'express';
import { memberName } from '../../shared/team';
import { auditContext } from '../module/audit';
import type { Stores } from '../stores';
import { asMemberId, type WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { leadNamesOf, peopleOf, readableLine } from './readable';

/** Lines per page of the audit record. */
const AUDIT_PAGE = 50;

/** The audit record, /painel/registro: an admin's, filtered by member and action, a page at a time. */
export function auditRoutes({
  audit,
  team,
  inbox,
  render,
  auditActions,
}: WorkplaceContext & Pick<Stores, 'audit' | 'team' | 'inbox'>): WorkplaceRoute[] {
  const record: RequestHandler = async (req, res) => {
    const action =
      typeof req.query.acao === 'string' && Object.hasOwn(auditActions, req.query.acao) ? req.query.acao : undefined;
    const before =
      typeof req.query.antes === 'string' && /^\d{1,15}$/.test(req.query.antes) ? Number(req.query.antes) : undefined;
    const validActor = asMemberId(req.query.membro);
    const lines = await audit.readAudit({ actorId: validActor, action, before, limit: AUDIT_PAGE });
    // Names are read now, from the live tables: the record keeps ids, never a lead's data.
    const [members, labels] = await Promise.all([
      team.everyMember(),
      inbox.leadLabels(lines.flatMap((line) => line.leadIds ?? [])),
    ]);
    const people = peopleOf(members);
    const leads = leadNamesOf(labels);
    // The record names the leads it shows, read from the live tables: a read of their data, itself
    // a line (docs/requirements.md §11.6), naming the leads by id as every line does.
    const named = labels.map((label) => label.id);
    if (named.length > 0)
      await audit.recordAudit({
        ...auditContext(req, res),
        action: 'leads.read',
        leadIds: named,
        detail: { view: 'registro' },
      });
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
      entries: lines.map((line) => readableLine(line, people, leads, auditActions)),
      actions: auditActions,
      members: members.map((member) => ({ id: member.id, name: memberName(member) })),
      filter: { actorId: validActor, action },
      older,
    });
  };

  return [pageRoute('GET', '/painel/registro', 'admin', record)];
}
