import type { RequestHandler, Response } from 'express';
import { requiredText } from '../../shared/fields';
import type { PageNotice } from '../../shared/team';
import { auditFor } from '../module/audit';
import { fieldOf } from '../workplace/context';
import { HOME, RETURN_PARAM, safeReturnPath } from '../workplace/return-path';
import type { TeamContext } from './context';

const passkeyName = requiredText({ label: 'um nome para a chave', max: 60 });

/** A member's own account (/painel/conta…): their passkeys and sessions. */
export function accountHandlers(context: TeamContext) {
  const { team, sessions, ceremonies, render } = context;
  const audit = auditFor(context.audit);

  async function show(res: Response, status = 200, notice?: PageNotice) {
    const { member, purpose } = res.locals.signedIn!;
    const passkeys = await team.passkeysOf(member.id);
    render(res, status, 'account', {
      name: member.name,
      email: member.email,
      passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
      enrolOnly: purpose === 'enrol',
      notice,
    });
  }

  const page: RequestHandler = (_req, res) => show(res);

  const registrationOptions: RequestHandler = async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await ceremonies.registrationOptions(res, res.locals.signedIn!.member));
  };

  const register: RequestHandler = async (req, res) => {
    const { member, purpose } = res.locals.signedIn!;
    const body = req.body as { response?: unknown; name?: unknown; volta?: unknown } | undefined;
    const typed = typeof body?.name === 'string' ? body.name : '';
    const name = passkeyName.safeParse(typed);
    const count = (await team.passkeysOf(member.id)).length;
    const label = typed.trim() === '' ? `Chave ${count + 1}` : name.success ? name.data : undefined;
    if (!label) return void res.status(400).json({ message: name.error?.issues[0]?.message });
    const added = await ceremonies.register(req, res, member, body?.response as never, label);
    if (!added) {
      res.status(400).json({ message: 'O cadastro da chave não foi confirmado. Tente de novo.' });
      return;
    }
    await audit(req, res, { action: 'passkey.added', subject: label });
    await team.closeLinksOf(member.id);
    // A code's or a link's session becomes a whole one only with a new id (ASVS 5.0 7.2.4).
    if (purpose === 'enrol') await sessions.start(res, member.id, 'full');
    // A code's session goes on to the page it was sent to sign in for (an e-mail's lead), if any.
    const home = safeReturnPath(body?.[RETURN_PARAM]) ?? HOME;
    res.set('Cache-Control', 'no-store').json({ redirect: purpose === 'enrol' ? home : '/painel/conta' });
  };

  const passkeyIdOf = (value: unknown) => (typeof value === 'string' && value.length <= 1024 ? value : '');

  const rename: RequestHandler = async (req, res) => {
    const name = passkeyName.safeParse(fieldOf(req, 'name'));
    if (!name.success) return show(res, 400, { kind: 'error', text: name.error.issues[0]!.message });
    const renamed = await team.renamePasskey(res.locals.signedIn!.member.id, passkeyIdOf(req.params.id), name.data);
    if (!renamed) return show(res, 404, { kind: 'error', text: 'Esta chave não existe mais.' });
    res.redirect(303, '/painel/conta');
  };

  const remove: RequestHandler = async (req, res) => {
    const { member } = res.locals.signedIn!;
    const passkeys = await team.passkeysOf(member.id);
    const passkey = passkeys.find(({ id }) => id === passkeyIdOf(req.params.id));
    if (!passkey) return show(res, 404, { kind: 'error', text: 'Esta chave não existe mais.' });
    if (passkeys.length === 1)
      return show(res, 409, {
        kind: 'error',
        text: 'Esta é sua única chave de acesso: cadastre outra antes de remover esta.',
      });
    await team.removePasskey(member.id, passkey.id);
    await audit(req, res, { action: 'passkey.removed', subject: passkey.name });
    res.redirect(303, '/painel/conta');
  };

  const endOthers: RequestHandler = async (req, res) => {
    const { member, digest } = res.locals.signedIn!;
    const ended = await team.endSessionsOf(member.id, digest);
    await audit(req, res, { action: 'sessions.ended', subject: member.email, detail: { sessões: ended } });
    const text = ended === 1 ? '1 outra sessão foi encerrada.' : `${ended} outras sessões foram encerradas.`;
    await show(res, 200, { kind: 'ok', text });
  };

  return { page, registrationOptions, register, rename, remove, endOthers };
}
