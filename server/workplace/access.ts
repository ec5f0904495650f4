import type { RequestHandler, Response } from 'express';
import type { Role } from '../../shared/team';
import { safeReturnPath, withReturn } from './return-path';

/**
 * What a route asks of the request (docs/requirements.md §6.3), stated once per route in its
 * feature's table (gathered by server/composition/workplace.ts):
 * - `public`: anyone (the sign-in pages);
 * - `enrolling`: any session, even one a code or a link opened, which can only add a passkey;
 * - `vendas`: a member's whole session, of either role;
 * - `admin`: an admin's whole session.
 */
export type Access = 'public' | 'enrolling' | Role;

/** How a route answers a refusal: a page for a person, JSON for the passkey script. */
export type Reply = 'page' | 'json';

const NO_SESSION = 'Sua sessão terminou ou você ainda não entrou. Entre de novo.';
const ENROL_FIRST = 'Cadastre sua chave de acesso primeiro.';
const ADMINS_ONLY = 'Esta área é só para a administração do site.';

/**
 * The guard for `access`. Without a session a page sends the person to /entrar (303), with the page
 * asked for as the return path (server/workplace/return-path.ts), and the script
 * gets 401; a session that may only enrol goes to its account page; a role that does not open the
 * route gets 403, through `forbidden` for a page.
 */
export function requireAccess(
  access: Access,
  reply: Reply,
  forbidden: (res: Response, message: string) => void,
): RequestHandler {
  const refuse = (res: Response, status: number, message: string) =>
    void res.status(status).set('Cache-Control', 'no-store').json({ message });
  return (req, res, next) => {
    if (access === 'public') return next();
    const signedIn = res.locals.signedIn;
    // A page asked for by address (a lead's, linked from an e-mail) is where sign-in leads back to.
    const back = req.method === 'GET' ? safeReturnPath(req.originalUrl) : undefined;
    if (!signedIn)
      return reply === 'json' ? refuse(res, 401, NO_SESSION) : res.redirect(303, withReturn('/entrar', back));
    if (access === 'enrolling') return next();
    if (signedIn.purpose === 'enrol')
      return reply === 'json' ? refuse(res, 403, ENROL_FIRST) : res.redirect(303, withReturn('/painel/conta', back));
    if (access === 'admin' && signedIn.member.role !== 'admin')
      return reply === 'json' ? refuse(res, 403, ADMINS_ONLY) : forbidden(res, ADMINS_ONLY);
    next();
  };
}
