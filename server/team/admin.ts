import type { Request, RequestHandler, Response } from 'express';
import { email as emailRule, requiredText } from '../../shared/fields';
import { NOBODY } from '../../shared/inbox';
import type { PageNotice } from '../../shared/team';
import { ROLES, type Role } from '../../shared/team';
import { appendAudit } from '../audit/sql-store';
import { requestIdOf } from '../http/request-logging';
import { auditFor } from '../module/audit';
import { asMemberId, fieldOf } from '../workplace/context';
import type { TeamContext } from './context';
import { invite } from './invitations';
import type { Member } from './sql-store';

/** An invitation the admin hands over while e-mail is off: the link, and apart from it, its code. */
type Invitation = { link: string; code?: string };

const nameRule = requiredText({ label: 'o nome', max: 100 });
const roleOf = (value: string) => ((ROLES as readonly string[]).includes(value) ? (value as Role) : undefined);

/** What admins alone run: the team's members and their access. */
export function adminHandlers(context: TeamContext) {
  const { team, inbox, render, publicUrl, mailOn } = context;
  const audit = auditFor(context.audit);

  async function showTeam(res: Response, status = 200, notice?: PageNotice, invitation?: Invitation) {
    const members = await team.listMembers();
    const selfId = res.locals.signedIn!.member.id;
    render(res, status, 'team', { members, selfId, notice, invitation });
  }

  const teamPage: RequestHandler = (_req, res) => showTeam(res);

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
    const existing = await team.memberByEmail(email.data);
    if (existing && (await team.passkeysOf(existing.id)).length > 0)
      return showTeam(res, 409, { kind: 'error', text: `${email.data} já é da equipe.` });
    const { member, link, mailed, code } = await invite(team, publicUrl, mailOn, {
      email: email.data,
      name: name.data,
      role,
    });
    await audit(req, res, { action: 'member.invited', subject: member.email, detail: { papel: role } });
    const text = mailed
      ? `Convite enviado para ${member.email}.`
      : `Convite criado para ${member.email}. O e-mail está desligado: entregue à pessoa o link e, por outro meio, o código abaixo.`;
    await showTeam(res, 201, { kind: 'ok', text }, mailed ? undefined : { link, code });
  };

  /** The member a team action names: not the admin asking, who would lock themselves out. */
  async function otherMember(req: Request, res: Response) {
    const id = asMemberId(req.params.id);
    const member = id && (await team.memberById(id));
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
    await team.setRole(member.id, role);
    await audit(req, res, { action: 'member.role', subject: member.email, detail: { de: member.role, para: role } });
    res.redirect(303, '/painel/equipe');
  };

  const endSessions: RequestHandler = async (req, res) => {
    const member = await otherMember(req, res);
    if (!member) return;
    const ended = await team.endSessionsOf(member.id);
    await audit(req, res, { action: 'sessions.ended', subject: member.email, detail: { sessões: ended } });
    await showTeam(res, 200, { kind: 'ok', text: `Sessões de ${member.name} encerradas: ${ended}.` });
  };

  /** Who may take a revoked member's open leads: the other active members, by name. */
  const heirsFor = async (member: Member) =>
    (await team.listMembers()).filter(({ id }) => id !== member.id).map(({ id, name }) => ({ id, name }));

  /** The confirmation a revocation needs first, a plain page (no JavaScript): who takes the open leads. */
  const confirmRevoke: RequestHandler = async (req, res) => {
    const member = await otherMember(req, res);
    if (!member) return;
    render(res, 200, 'revokeConfirm', { member: { id: member.id, name: member.name }, heirs: await heirsFor(member) });
  };

  const revoke: RequestHandler = async (req, res) => {
    const member = await otherMember(req, res);
    if (!member) return;
    const heirs = await heirsFor(member);
    const chosen = fieldOf(req, 'para');
    const heir = heirs.find(({ id }) => id === chosen);
    if (chosen !== NOBODY && !heir) {
      const notice = { kind: 'error', text: 'Escolha quem assume os leads abertos, ou “ninguém”.' } as const;
      return render(res, 400, 'revokeConfirm', { member: { id: member.id, name: member.name }, heirs, notice });
    }
    const me = res.locals.signedIn!.member;
    const by = {
      actor: { kind: 'member', id: me.id, email: me.email },
      ip: req.ip,
      requestId: requestIdOf(res),
    } as const;
    let handed: string[] = [];
    // One transaction: the access ends, the open leads change hands, and each is a line of the record.
    await team.revokeMember(member.id, async (tx) => {
      handed = await inbox.handOver(tx, member.id, heir?.id ?? null, by);
      await appendAudit(tx, {
        ...by,
        action: 'member.revoked',
        subject: member.email,
        detail: { leads: handed.length, para: heir ? heir.id : 'ninguém' },
      });
    });
    const leads = `${handed.length} ${handed.length === 1 ? 'lead aberto' : 'leads abertos'}`;
    const text = heir
      ? `Acesso de ${member.name} revogado. ${leads} passaram para ${heir.name}.`
      : `Acesso de ${member.name} revogado. ${leads} ficaram sem responsável.`;
    await showTeam(res, 200, { kind: 'ok', text });
  };

  return { teamPage, invitePost, changeRole, endSessions, confirmRevoke, revoke };
}
