import type { RequestHandler, Response } from 'express';
import { email as emailRule, requiredText } from '../../shared/fields';
import { auditFor } from '../audit/request';
import { REFUSALS } from '../http/refusals';
import { fieldOf } from '../workplace/context';
import type { TeamContext } from './context';
import { sendCode } from './invitations';
import { count, spent } from './limits';
import { digestOf } from './secrets';

const nameRule = requiredText({ label: 'seu nome', max: 100 });

const MAIL_OFF =
  'O envio de e-mail está desligado neste servidor (SMTP_URL), então não há como enviar o código. ' +
  'Peça um link de acesso a quem administra o site: npm run team -- invite SEU-EMAIL --role vendas.';

/** The catalogue's 429 message, and Retry-After on the reply (RFC 9110 §10.2.3). */
function tooMany(res: Response, seconds: number) {
  res.set('Retry-After', String(seconds));
  return REFUSALS.RATE_LIMITED.message(String(Math.ceil(seconds / 60)));
}

/** The sign-in's handlers (/entrar…), each a flow of issue 33. */
export function signInHandlers(context: TeamContext) {
  const { team, sessions, ceremonies, render, mailOn, limits } = context;
  const audit = auditFor(context.audit);
  const address = (req: { ip?: string }) => req.ip ?? '';

  const page: RequestHandler = (_req, res) => {
    if (res.locals.signedIn?.purpose === 'full') return res.redirect(303, '/painel');
    render(res, 200, 'signIn', {});
  };

  const passkeyOptions: RequestHandler = async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await ceremonies.authenticationOptions(res));
  };

  const passkey: RequestHandler = async (req, res) => {
    const wait = await spent([[limits.failuresByAddress, address(req)]]);
    if (wait) return void res.status(429).json({ message: tooMany(res, wait) });
    const response = (req.body as { response?: unknown } | undefined)?.response;
    const used = await ceremonies.authenticate(req, res, response as never);
    const member = used && (await team.memberById(used.memberId));
    if (!member) {
      await count([[limits.failuresByAddress, address(req)]]);
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
    res.set('Cache-Control', 'no-store').json({ redirect: '/painel' });
  };

  const codeForm: RequestHandler = (_req, res) => render(res, 200, 'codeRequest', {});

  /** Sends a code if the address is a member's, and says the same either way: no list of the team leaks. */
  const requestCode: RequestHandler = async (req, res) => {
    const typed = emailRule.safeParse(fieldOf(req, 'email'));
    if (!typed.success) {
      const notice = { kind: 'error', text: typed.error.issues[0]!.message } as const;
      return render(res, 400, 'codeRequest', { notice, email: fieldOf(req, 'email') });
    }
    if (!mailOn) {
      const notice = { kind: 'error', text: MAIL_OFF } as const;
      return render(res, 503, 'codeRequest', { notice, email: typed.data });
    }
    const account = typed.data.toLowerCase();
    const sendings = [
      [limits.codesByAddress, address(req)],
      [limits.codesByAccount, account],
    ] as const satisfies Parameters<typeof spent>[0];
    const wait = await spent([...sendings]);
    if (wait) {
      const notice = { kind: 'error', text: tooMany(res, wait) } as const;
      return render(res, 429, 'codeRequest', { notice, email: typed.data });
    }
    await count([...sendings]);
    const member = await team.memberByEmail(typed.data);
    if (member) {
      await sendCode(team, member);
      await audit(req, res, { action: 'code.sent', actor: { kind: 'member', id: member.id, email: member.email } });
    }
    // Post/Redirect/Get: reloading the code's page sends no second code.
    res.redirect(303, `/entrar/codigo/confirmar?${new URLSearchParams({ email: typed.data })}`);
  };

  const codeEntry: RequestHandler = (req, res) => {
    const email = emailRule.safeParse(req.query.email);
    if (!email.success) return res.redirect(303, '/entrar/codigo');
    render(res, 200, 'codeEntry', { email: email.data });
  };

  const confirmCode: RequestHandler = async (req, res) => {
    const typed = emailRule.safeParse(fieldOf(req, 'email'));
    const code = fieldOf(req, 'code').trim();
    const failures = [
      [limits.failuresByAddress, address(req)],
      [limits.failuresByAccount, typed.success ? typed.data.toLowerCase() : ''],
    ] as const satisfies Parameters<typeof spent>[0];
    const wait = await spent([...failures]);
    if (wait) {
      const notice = { kind: 'error', text: tooMany(res, wait) } as const;
      return render(res, 429, 'codeEntry', { email: fieldOf(req, 'email'), notice });
    }
    const member = typed.success ? await team.memberByEmail(typed.data) : undefined;
    const outcome = member && /^\d{6}$/.test(code) ? await team.tryCode(member.id, digestOf(code)) : 'wrong';
    if (member && outcome === 'ok') {
      await sessions.start(res, member.id, 'enrol');
      await audit(req, res, {
        action: 'signin',
        actor: { kind: 'member', id: member.id, email: member.email },
        detail: { método: 'código por e-mail' },
      });
      return res.redirect(303, '/painel/conta');
    }
    await count([...failures]);
    await audit(req, res, {
      action: 'signin.failed',
      ...(member && { actor: { kind: 'member', id: member.id, email: member.email } }),
      detail: { método: 'código por e-mail' },
    });
    const text =
      outcome === 'none'
        ? 'Este código expirou ou já teve 5 tentativas. Peça um novo código.'
        : 'Código incorreto. Confira o e-mail mais recente e digite os 6 dígitos.';
    render(res, 400, 'codeEntry', { email: fieldOf(req, 'email'), notice: { kind: 'error', text } });
  };

  /** A link that does not work counts as a failed sign-in of the address (guessing tokens is one). */
  const deadLink: RequestHandler = async (req, res) => {
    await count([[limits.failuresByAddress, address(req)]]);
    render(res, 410, 'deadLink', {});
  };

  /** Links are tried only while the address has failures left. */
  const linkLimit: RequestHandler = async (req, res, next) => {
    const wait = await spent([[limits.failuresByAddress, address(req)]]);
    if (!wait) return next();
    render(res, 429, 'codeRequest', { notice: { kind: 'error', text: tooMany(res, wait) } });
  };

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
      await sendCode(team, member);
      await audit(req, res, { action: 'code.sent', actor: { kind: 'member', id: member.id, email: member.email } });
      return render(res, 200, 'codeEntry', { email: member.email });
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
    codeForm,
    requestCode,
    codeEntry,
    confirmCode,
    invitation: [linkLimit, invitation],
    acceptInvitation: [linkLimit, acceptInvitation],
    setup: [linkLimit, setup],
    completeSetup: [linkLimit, completeSetup],
    signOut,
  };
}
