import type { Request, RequestHandler, Response } from 'express';
import { email as emailRule, requiredText } from '../../shared/fields';
import type { PageNotice } from '../../shared/team';
import { ROLES, type Role } from '../../shared/team';
import { AUDIT_ACTIONS, type AuditAction, type AuditLine } from '../audit/events';
import { asMemberId, auditFor, fieldOf, type TeamContext } from './context';
import { invite } from './invitations';

const nameRule = requiredText({ label: 'o nome', max: 100 });
const roleOf = (value: string) => ((ROLES as readonly string[]).includes(value) ? (value as Role) : undefined);

/** Lines per page of the audit record. */
const AUDIT_PAGE = 50;

const detailText = (line: AuditLine) =>
  [
    ...Object.entries(line.detail ?? {}).map(([key, value]) => `${key}: ${value}`),
    ...(line.leadIds?.length ? [`leads: ${line.leadIds.join(', ')}`] : []),
  ].join(' · ');

/** What admins alone run: the team and the audit record. */
export function adminHandlers(context: TeamContext) {
  const { store, render, publicUrl, mailOn } = context;
  const audit = auditFor(context);

  async function showTeam(res: Response, status = 200, notice?: PageNotice, invitation?: string) {
    const members = await store.listMembers();
    const selfId = res.locals.signedIn!.member.id;
    render(res, status, 'team', { members, selfId, notice, invitation });
  }

  const team: RequestHandler = (_req, res) => showTeam(res);

  const invitePost: RequestHandler = async (req, res) => {
    const name = nameRule.safeParse(fieldOf(req, 'name'));
    const email = emailRule.safeParse(fieldOf(req, 'email'));
    const role = roleOf(fieldOf(req, 'role'));
    const problem = !name.success
      ? name.error.issues[0]!.message
      : !email.success
        ? email.error.issues[0]!.message
        : !role
          ? 'Escolha o papel: vendas ou administração.'
          : undefined;
    if (problem || !name.success || !email.success || !role)
      return showTeam(res, 400, { kind: 'error', text: problem! });
    const existing = await store.memberByEmail(email.data);
    if (existing && (await store.passkeysOf(existing.id)).length > 0)
      return showTeam(res, 409, { kind: 'error', text: `${email.data} já é da equipe.` });
    const { member, link, mailed } = await invite(store, publicUrl, mailOn, {
      email: email.data,
      name: name.data,
      role,
    });
    await audit(req, res, { action: 'member.invited', subject: member.email, detail: { papel: role } });
    const text = mailed
      ? `Convite enviado para ${member.email}.`
      : `Convite criado para ${member.email}. O e-mail está desligado: entregue o link abaixo à pessoa.`;
    showTeam(res, 201, { kind: 'ok', text }, link);
  };

  /** The member a team action names: not the admin asking, who would lock themselves out. */
  async function otherMember(req: Request, res: Response) {
    const id = asMemberId(req.params.id);
    const member = id && (await store.memberById(id));
    if (!member) {
      await showTeam(res, 404, { kind: 'error', text: 'Este membro não existe mais.' });
      return undefined;
    }
    if (member.id === res.locals.signedIn!.member.id) {
      await showTeam(res, 409, {
        kind: 'error',
        text: 'Peça a outra pessoa da administração para mudar o seu acesso.',
      });
      return undefined;
    }
    return member;
  }

  const changeRole: RequestHandler = async (req, res) => {
    const role = roleOf(fieldOf(req, 'role'));
    if (!role) return showTeam(res, 400, { kind: 'error', text: 'Escolha o papel: vendas ou administração.' });
    const member = await otherMember(req, res);
    if (!member) return;
    await store.setRole(member.id, role);
    await audit(req, res, { action: 'member.role', subject: member.email, detail: { de: member.role, para: role } });
    res.redirect(303, '/painel/equipe');
  };

  const endSessions: RequestHandler = async (req, res) => {
    const member = await otherMember(req, res);
    if (!member) return;
    const ended = await store.endSessionsOf(member.id);
    await audit(req, res, { action: 'sessions.ended', subject: member.email, detail: { sessões: ended } });
    showTeam(res, 200, { kind: 'ok', text: `Sessões de ${member.name} encerradas: ${ended}.` });
  };

  const revoke: RequestHandler = async (req, res) => {
    const member = await otherMember(req, res);
    if (!member) return;
    await store.revokeMember(member.id);
    await audit(req, res, { action: 'member.revoked', subject: member.email });
    showTeam(res, 200, { kind: 'ok', text: `Acesso de ${member.name} revogado.` });
  };

  const record: RequestHandler = async (req, res) => {
    const action =
      typeof req.query.acao === 'string' && req.query.acao in AUDIT_ACTIONS
        ? (req.query.acao as AuditAction)
        : undefined;
    const before =
      typeof req.query.antes === 'string' && /^\d{1,15}$/.test(req.query.antes) ? Number(req.query.antes) : undefined;
    const validActor = asMemberId(req.query.membro);
    const lines = await store.readAudit({ actorId: validActor, action, before, limit: AUDIT_PAGE });
    const members = await store.listMembers();
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

  return { team, invitePost, changeRole, endSessions, revoke, record };
}
