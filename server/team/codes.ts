import type { Request, RequestHandler, Response } from 'express';
import { email as emailRule } from '../../shared/fields';
import { auditFor } from '../module/audit';
import { fieldOf } from '../workplace/context';
import { RETURN_PARAM, safeReturnPath, withReturn } from '../workplace/return-path';
import type { TeamContext } from './context';
import { sendCode } from './invitations';
import { held, holdMs, minutesOf, pairOf, reserve, tooMany } from './limits';
import { digestOf } from './secrets';

const MAIL_OFF =
  'O envio de e-mail está desligado neste servidor (SMTP_URL), então não há como enviar o código. ' +
  'Peça um link de acesso a quem administra o site: npm run team -- invite SEU-EMAIL --role vendas.';

/**
 * Every failed confirmation, whatever failed: a message that told an expired code from a wrong one
 * told a member (who may have a code) from a stranger (who never has one).
 */
export const CODE_REFUSED =
  'Código incorreto ou expirado. Confira o e-mail mais recente e digite os 6 dígitos; ' +
  'se ele tem mais de 10 minutos ou já teve 5 tentativas, peça um novo código.';

/** Tried when the address typed is nobody's, so that a stranger's attempt runs the member's statements. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** A code asked for again too soon: it says where the last one went, but not whether it went. */
function codeJustSent(res: Response, seconds: number) {
  res.set('Retry-After', String(seconds));
  const minutes = minutesOf(seconds);
  return (
    'Se este endereço é da equipe, um código foi enviado a ele há menos de 5 minutos: confira a caixa ' +
    `de entrada e o spam. Para pedir outro, espere ${minutes} ${minutes === '1' ? 'minuto' : 'minutos'}.`
  );
}

/**
 * The one-time code's flows (docs/requirements.md §6.3; docs/decisions/044-sign-in-limits.md): asking for a code,
 * confirming it, and the code an invitation sends.
 */
export function codeHandlers(context: TeamContext) {
  const { team, sessions, render, mailOn, limits } = context;
  const audit = auditFor(context.audit);
  const address = (req: { ip?: string }) => req.ip ?? '';

  /** The return path a code's page or form carries (server/workplace/return-path.ts). */
  const backOf = (req: Request) =>
    safeReturnPath(req.method === 'GET' ? req.query[RETURN_PARAM] : fieldOf(req, RETURN_PARAM));

  const codeForm: RequestHandler = (req, res) => render(res, 200, 'codeRequest', { back: backOf(req) });

  /** A code for the member at `email`, if there is one, and its audit line. */
  const mailCodeTo = async (req: Request, res: Response, email: string) => {
    const member = await team.memberByEmail(email);
    if (!member) return;
    await sendCode(team, member);
    await audit(req, res, { action: 'code.sent', actor: { kind: 'member', id: member.id, email: member.email } });
  };

  /** The code-sending limits for `account` asked from this request's address: what refused, if one did. */
  const codeSlots = async (req: Request, account: string) =>
    reserve([
      [limits.codesByAddress, address(req)],
      [limits.codesByPair, pairOf(account, address(req))],
      [limits.codeSpacing, account],
    ]);

  const codeRefusal = (res: Response, refused: { refusedBy: unknown; retryAfterS: number }) => ({
    kind: 'error' as const,
    text:
      refused.refusedBy === limits.codeSpacing
        ? codeJustSent(res, refused.retryAfterS)
        : tooMany(res, refused.retryAfterS),
  });

  /**
   * Sends a code if the address is a member's, and says the same either way: no list of the team
   * leaks. What comes before the reply depends on the address typed alone, and the reply leaves
   * before the team's list is read, so neither its content nor its moment tells a member apart.
   */
  const requestCode: RequestHandler = async (req, res) => {
    const back = backOf(req);
    const typed = emailRule.safeParse(fieldOf(req, 'email'));
    if (!typed.success) {
      const notice = { kind: 'error', text: typed.error.issues[0]!.message } as const;
      return render(res, 400, 'codeRequest', { notice, email: fieldOf(req, 'email'), back });
    }
    if (!mailOn) {
      const notice = { kind: 'error', text: MAIL_OFF } as const;
      return render(res, 503, 'codeRequest', { notice, email: typed.data, back });
    }
    const reserved = await codeSlots(req, typed.data.toLowerCase());
    if (reserved.refusedBy)
      return render(res, 429, 'codeRequest', { notice: codeRefusal(res, reserved), email: typed.data, back });
    // Post/Redirect/Get: reloading the code's page sends no second code.
    res.redirect(303, withReturn(`/entrar/codigo/confirmar?${new URLSearchParams({ email: typed.data })}`, back));
    await mailCodeTo(req, res, typed.data);
  };

  const codeEntry: RequestHandler = (req, res) => {
    const email = emailRule.safeParse(req.query.email);
    if (!email.success) return res.redirect(303, withReturn('/entrar/codigo', backOf(req)));
    render(res, 200, 'codeEntry', { email: email.data, back: backOf(req) });
  };

  /**
   * Every limit reserves its slot before the code is tried; a right code gives them back. A member
   * with a code, a member without one and a stranger run the same statements and get the same reply
   * (CODE_REFUSED): the team's list does not leak here either.
   */
  const confirmCode: RequestHandler = async (req, res) => {
    const back = backOf(req);
    const typed = emailRule.safeParse(fieldOf(req, 'email'));
    const code = fieldOf(req, 'code').trim();
    const account = typed.success ? typed.data.toLowerCase() : '';
    const reserved = await reserve([
      [limits.failuresByAddress, address(req)],
      [limits.failuresByPair, pairOf(account, address(req))],
    ]);
    if (reserved.refusedBy) {
      const notice = { kind: 'error', text: tooMany(res, reserved.retryAfterS) } as const;
      return render(res, 429, 'codeEntry', { email: fieldOf(req, 'email'), notice, back });
    }
    // The account's failures past its share slow every attempt on it, and refuse none: a stranger
    // who fails there must not keep the member out.
    const { count: failures } = await limits.failuresByAccount.reserve(account);
    const giveBack = async () => {
      await reserved.giveBack();
      await limits.failuresByAccount.release(account);
    };
    const wait = holdMs(failures);
    if (wait && !(await held(res, wait))) return giveBack();
    const member = typed.success ? await team.memberByEmail(typed.data) : undefined;
    const tried = member && /^\d{6}$/.test(code) ? member.id : NOBODY;
    const outcome = await team.tryCode(tried, digestOf(code));
    if (member && outcome === 'ok') {
      await giveBack();
      // The code did its work: the next one, after a lost device, need not wait out the spacing.
      await limits.codeSpacing.release(account);
      await sessions.start(res, member.id, 'enrol');
      await audit(req, res, {
        action: 'signin',
        actor: { kind: 'member', id: member.id, email: member.email },
        detail: { método: 'código por e-mail' },
      });
      // An enrolment session: the account page's passkey leads on to the return path.
      return res.redirect(303, withReturn('/painel/conta', back));
    }
    await audit(req, res, {
      action: 'signin.failed',
      ...(member && { actor: { kind: 'member', id: member.id, email: member.email } }),
      detail: { método: 'código por e-mail', ...(wait && { espera: wait / 1000 }) },
    });
    render(res, 400, 'codeEntry', {
      email: fieldOf(req, 'email'),
      notice: { kind: 'error', text: CODE_REFUSED },
      back,
    });
  };

  /** Sends a code to an invited member, within the limits of any code: the notice if one refused. */
  const sendInvitationCode = async (req: Request, res: Response, email: string) => {
    const reserved = await codeSlots(req, email.toLowerCase());
    if (reserved.refusedBy) return codeRefusal(res, reserved);
    await mailCodeTo(req, res, email);
    return undefined;
  };

  return { codeForm, requestCode, codeEntry, confirmCode, sendInvitationCode };
}
