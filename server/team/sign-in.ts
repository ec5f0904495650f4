import type { RequestHandler } from 'express';
import { email as emailRule, requiredText } from '../../shared/fields';
import { auditFor } from '../audit/request';
import { fieldOf } from '../workplace/context';
import { HOME, RETURN_PARAM, safeReturnPath } from '../workplace/return-path';
import { codeHandlers } from './codes';
import type { TeamContext } from './context';
import { reserve, tooMany } from './limits';
import { digestOf } from './secrets';

const nameRule = requiredText({ label: 'seu nome', max: 100 });

/** The sign-in's handlers (/entrar…), each a flow of issue 33. */
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
   * somewhere gives it back, a dead one (410) keeps it, for guessing tokens is failing to sign in.
   */
  const linkLimited =
    (handler: RequestHandler): RequestHandler =>
    async (req, res, next) => {
      const reserved = await reserve([[limits.failuresByAddress, address(req)]]);
      if (reserved.refusedBy)
        return render(res, 429, 'codeRequest', { notice: { kind: 'error', text: tooMany(res, reserved.retryAfterS) } });
      await handler(req, res, next);
      if (res.statusCode !== 410) await reserved.giveBack();
    };

  const deadLink: RequestHandler = (_req, res) => render(res, 410, 'deadLink', {});

  const tokenOf = (value: unknown) => (typeof value === 'string' && /^[\w-]{43}$/.test(value) ? value : undefined);

  const invitation: RequestHandler = async (req, res, next) => {
    const token = tokenOf(req.query.token);
    const link = token ? await team.findLink(digestOf(token)) : undefined;
    if (!token || !link?.member) return deadLink(req, res, next);
    render(res, 200, 'invitation', { token, email: link.member.email, needsCode: link.needsCode });
  };

  const acceptInvitation: RequestHandler = async (req, res, next) => {
    const token = tokenOf(fieldOf(req, 'token'));
    const link = token ? await team.findLink(digestOf(token)) : undefined;
    const member = link?.member;
    if (!token || !member) return deadLink(req, res, next);
    if (link.needsCode) {
      if (!mailOn) return render(res, 503, 'deadLink', {});
      // The link's code counts as any other sent to the address: opening it again is no mail bomb.
      const notice = await codes.sendInvitationCode(req, res, member.email);
      return render(res, notice ? 429 : 200, 'codeEntry', { email: member.email, notice });
    }
    if (!(await team.consumeLink(digestOf(token)))) return deadLink(req, res, next);
    await sessions.start(res, member.id, 'enrol');
    await audit(req, res, {
      action: 'signin',
      actor: { kind: 'member', id: member.id, email: member.email },
      detail: { método: 'link de convite' },
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

  const setup: RequestHandler = async (req, res, next) => {
    const token = await setupToken(req.query.token);
    if (!token) return deadLink(req, res, next);
    render(res, 200, 'setup', { token });
  };

  const completeSetup: RequestHandler = async (req, res, next) => {
    const token = await setupToken(fieldOf(req, 'token'));
    if (!token) return deadLink(req, res, next);
    const values = { name: fieldOf(req, 'name'), email: fieldOf(req, 'email') };
    const name = nameRule.safeParse(values.name);
    const email = emailRule.safeParse(values.email);
    const problem = !name.success
      ? name.error.issues[0]!.message
      : !email.success
        ? email.error.issues[0]!.message
        : '';
    if (!name.success || !email.success)
      return render(res, 400, 'setup', { token, values, notice: { kind: 'error', text: problem } });
    if (!(await team.consumeLink(digestOf(token)))) return deadLink(req, res, next);
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
