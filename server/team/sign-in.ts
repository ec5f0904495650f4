import type { RequestHandler } from 'express';
import { email as emailRule, requiredText } from '../../shared/fields';
import { auditFor } from '../module/audit';
import { fieldOf } from '../workplace/context';
import { HOME, RETURN_PARAM, safeReturnPath } from '../workplace/return-path';
import { codeHandlers } from './codes';
import type { TeamContext } from './context';
import { reserve, tooMany } from './limits';
import { digestOf } from './secrets';

const nameRule = requiredText({ label: 'seu nome', max: 100 });

/** A wrong invitation code: where the right one comes from, and what happens after too many. */
const HANDED_CODE_REFUSED =
  'Código do convite incorreto. Confira com quem convidou você os 6 dígitos que vieram com o link; ' +
  'depois de 5 tentativas erradas o convite deixa de valer e é preciso pedir outro.';

/** The sign-in's handlers (/entrar…), each a flow of docs/requirements.md §6.3. */
export function signInHandlers(context: TeamContext) {
  const { team, sessions, ceremonies, render, mailOn, limits } = context;
  const audit = auditFor(context.audit);
  const address = (req: { ip?: string }) => req.ip ?? '';
  const codes = codeHandlers(context);

  const page: RequestHandler = (req, res) => {
    const back = safeReturnPath(req.query[RETURN_PARAM]);
    if (res.locals.signedIn?.purpose === 'full') return res.redirect(303, back ?? HOME);
    render(res, 200, 'signIn', { back });
  };

  const passkeyOptions: RequestHandler = async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await ceremonies.authenticationOptions(res));
  };

  /**
   * Not limited by the failed codes of the address: a passkey cannot be guessed, and each answer
   * spends a challenge that only the options request gives (docs/decisions/044-sign-in-limits.md).
   */
  const passkey: RequestHandler = async (req, res) => {
    const body = req.body as { response?: unknown; volta?: unknown } | undefined;
    const response = body?.response;
    const used = await ceremonies.authenticate(req, res, response as never);
    const member = used && (await team.memberById(used.memberId));
    if (!member) {
      await audit(req, res, { action: 'signin.failed', detail: { método: 'chave de acesso' } });
      res.status(400).json({
        message: 'Esta chave de acesso não foi reconhecida. Tente de novo, ou entre com um código por e-mail.',
      });
      return;
    }
    await sessions.start(res, member.id, 'full');
    await audit(req, res, {
      action: 'signin',
      actor: { kind: 'member', id: member.id, email: member.email },
      subject: used.name,
      detail: { método: 'chave de acesso' },
    });
    // The page the member was sent here from (an e-mail's lead), which the script read off /entrar's URL.
    res.set('Cache-Control', 'no-store').json({ redirect: safeReturnPath(body?.[RETURN_PARAM]) ?? HOME });
  };

  /**
   * A link is tried on a slot of the address's failed sign-ins, reserved first: one that leads
   * somewhere gives it back; a dead one (410) and a wrong invitation code keep it, for guessing
   * tokens or codes is failing to sign in.
   */
  const linkLimited =
    (handler: (...args: Parameters<RequestHandler>) => Promise<'failed' | undefined>): RequestHandler =>
    async (req, res, next) => {
      const reserved = await reserve([[limits.failuresByAddress, address(req)]]);
      if (reserved.refusedBy)
        return render(res, 429, 'codeRequest', { notice: { kind: 'error', text: tooMany(res, reserved.retryAfterS) } });
      const outcome = await handler(req, res, next);
      if (outcome !== 'failed' && res.statusCode !== 410) await reserved.giveBack();
    };

  const deadLink: RequestHandler = (_req, res) => render(res, 410, 'deadLink', {});

  const tokenOf = (value: unknown) => (typeof value === 'string' && /^[\w-]{43}$/.test(value) ? value : undefined);

  /** A member's live invitation, with how its opener proves the address; none for a link made before codes. */
  const liveInvitation = async (token: string | undefined) => {
    const link = token ? await team.findLink(digestOf(token)) : undefined;
    return link?.member && link.code ? { member: link.member, code: link.code } : undefined;
  };

  const invitation = async (...[req, res, next]: Parameters<RequestHandler>) => {
    const token = tokenOf(req.query.token);
    const link = await liveInvitation(token);
    if (!token || !link) return void deadLink(req, res, next);
    render(res, 200, 'invitation', { token, email: link.member.email, code: link.code });
  };

  const acceptInvitation = async (...[req, res, next]: Parameters<RequestHandler>) => {
    const token = tokenOf(fieldOf(req, 'token'));
    const link = await liveInvitation(token);
    if (!token || !link) return void deadLink(req, res, next);
    const { member } = link;
    if (link.code === 'mailed') {
      if (!mailOn) return void render(res, 503, 'deadLink', {});
      // The link's code counts as any other sent to the address: opening it again is no mail bomb.
      const notice = await codes.sendInvitationCode(req, res, member.email);
      return void render(res, notice ? 429 : 200, 'codeEntry', { email: member.email, notice });
    }
    // E-mail off: the invitation's own code, which whoever invited handed over apart from the link.
    const code = fieldOf(req, 'code').trim();
    const outcome = await team.tryLinkCode(digestOf(token), digestOf(/^\d{6}$/.test(code) ? code : ''));
    if (outcome !== 'ok') {
      await audit(req, res, {
        action: 'signin.failed',
        actor: { kind: 'member', id: member.id, email: member.email },
        detail: { método: 'link de convite e código' },
      });
      if (outcome === 'none') return void deadLink(req, res, next);
      const notice = { kind: 'error', text: HANDED_CODE_REFUSED } as const;
      render(res, 400, 'invitation', { token, email: member.email, code: link.code, notice });
      return 'failed';
    }
    await sessions.start(res, member.id, 'enrol');
    await audit(req, res, {
      action: 'signin',
      actor: { kind: 'member', id: member.id, email: member.email },
      detail: { método: 'link de convite e código' },
    });
    res.redirect(303, '/painel/conta');
  };

  /** The setup link is good while it is unused, unexpired, and no member has a passkey yet. */
  const setupToken = async (value: unknown) => {
    const token = tokenOf(value);
    const link = token ? await team.findLink(digestOf(token)) : undefined;
    if (!token || !link || link.member || (await team.membersWithPasskeys()) > 0) return undefined;
    return token;
  };

  const setup = async (...[req, res, next]: Parameters<RequestHandler>) => {
    const token = await setupToken(req.query.token);
    if (!token) return void deadLink(req, res, next);
    render(res, 200, 'setup', { token });
  };

  const completeSetup = async (...[req, res, next]: Parameters<RequestHandler>) => {
    const token = await setupToken(fieldOf(req, 'token'));
    if (!token) return void deadLink(req, res, next);
    const values = { name: fieldOf(req, 'name'), email: fieldOf(req, 'email') };
    const name = nameRule.safeParse(values.name);
    const email = emailRule.safeParse(values.email);
    const problem = !name.success
      ? name.error.issues[0]!.message
      : !email.success
        ? email.error.issues[0]!.message
        : '';
    if (!name.success || !email.success)
      return void render(res, 400, 'setup', { token, values, notice: { kind: 'error', text: problem } });
    if (!(await team.consumeLink(digestOf(token)))) return void deadLink(req, res, next);
    const member = await team.addMember({ email: email.data, name: name.data, role: 'admin' });
    await sessions.start(res, member.id, 'enrol');
    await audit(req, res, {
      action: 'member.invited',
      actor: { kind: 'member', id: member.id, email: member.email },
      subject: member.email,
      detail: { papel: 'admin', por: 'link de configuração' },
    });
    res.redirect(303, '/painel/conta');
  };

  const signOut: RequestHandler = async (req, res) => {
    await audit(req, res, { action: 'signout' });
    await sessions.end(res);
    res.redirect(303, '/entrar');
  };

  return {
    page,
    passkeyOptions,
    passkey,
    codeForm: codes.codeForm,
    requestCode: codes.requestCode,
    codeEntry: codes.codeEntry,
    confirmCode: codes.confirmCode,
    invitation: linkLimited(invitation),
    acceptInvitation: linkLimited(acceptInvitation),
    setup: linkLimited(setup),
    completeSetup: linkLimited(completeSetup),
    signOut,
  };
}
