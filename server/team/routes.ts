import compression from 'compression';
import { type RequestHandler, type Response, Router } from 'express';
import { readBody } from '../http/body';
import { refuseCrossSite } from '../http/cross-site';
import { allowOnly } from '../http/methods';
import { exportRoutes } from '../inbox/export-routes';
import { leadRoutes } from '../inbox/lead-routes';
import { inboxListRoutes } from '../inbox/list-routes';
import { reportRoutes } from '../inbox/report-routes';
import { suspectRoutes } from '../inbox/suspect-routes';
import { type Access, type Reply, requireAccess } from './access';
import { accountHandlers } from './account';
import { adminHandlers } from './admin';
import type { TeamContext } from './context';
import { dataHandlers } from './data';
import { signInHandlers } from './sign-in';

type Method = 'GET' | 'POST';

/** One route of the signed-in part: its method, path, who may use it, and how it answers a refusal. */
export type TeamRoute = {
  method: Method;
  path: string;
  access: Access;
  reply: Reply;
  handle: RequestHandler | RequestHandler[];
};

/**
 * Every route of the signed-in part, with the access it needs, in one place (docs/requirements.md
 * §6.3). server/team/access.http.test.ts tries each with every kind of visitor.
 */
export function teamRoutes(context: TeamContext): TeamRoute[] {
  const signIn = signInHandlers(context);
  const account = accountHandlers(context);
  const admin = adminHandlers(context);
  const data = dataHandlers(context);
  const page = (method: Method, path: string, access: Access, handle: TeamRoute['handle']): TeamRoute => ({
    method,
    path,
    access,
    reply: 'page',
    handle,
  });
  const json = (path: string, access: Access, handle: RequestHandler): TeamRoute => ({
    method: 'POST',
    path,
    access,
    reply: 'json',
    handle,
  });
  return [
    page('GET', '/entrar', 'public', signIn.page),
    json('/entrar/chave/opcoes', 'public', signIn.passkeyOptions),
    json('/entrar/chave', 'public', signIn.passkey),
    page('GET', '/entrar/codigo', 'public', signIn.codeForm),
    page('POST', '/entrar/codigo', 'public', signIn.requestCode),
    page('GET', '/entrar/codigo/confirmar', 'public', signIn.codeEntry),
    page('POST', '/entrar/codigo/confirmar', 'public', signIn.confirmCode),
    page('GET', '/entrar/convite', 'public', signIn.invitation),
    page('POST', '/entrar/convite', 'public', signIn.acceptInvitation),
    page('GET', '/entrar/configurar', 'public', signIn.setup),
    page('POST', '/entrar/configurar', 'public', signIn.completeSetup),
    page('POST', '/sair', 'enrolling', signIn.signOut),
    page('GET', '/painel/conta', 'enrolling', account.page),
    json('/painel/conta/chaves/opcoes', 'enrolling', account.registrationOptions),
    json('/painel/conta/chaves', 'enrolling', account.register),
    page('POST', '/painel/conta/chaves/:id/nome', 'vendas', account.rename),
    page('POST', '/painel/conta/chaves/:id/remover', 'vendas', account.remove),
    page('POST', '/painel/conta/sair-de-todos', 'vendas', account.endOthers),
    ...inboxListRoutes(context),
    page('GET', '/painel/equipe', 'admin', admin.team),
    page('POST', '/painel/equipe/convidar', 'admin', admin.invitePost),
    page('POST', '/painel/equipe/:id/papel', 'admin', admin.changeRole),
    page('POST', '/painel/equipe/:id/encerrar-sessoes', 'admin', admin.endSessions),
    page('POST', '/painel/equipe/:id/revogar', 'admin', admin.revoke),
    page('GET', '/painel/registro', 'admin', admin.record),
    page('GET', '/painel/dados', 'admin', data.page),
    page('GET', '/painel/dados/contatos.csv', 'admin', data.contacts),
    page('GET', '/painel/dados/cotacoes.csv', 'admin', data.quotes),
    page('POST', '/painel/dados/eliminar', 'admin', data.erase),
    ...leadRoutes(context),
    ...exportRoutes(context),
    ...reportRoutes(context),
    ...suspectRoutes(context),
  ];
}

/**
 * The signed-in part as one router. Sessions are read only here: the public pages never touch the
 * cookie or the database for it. Every POST comes from this site only (Origin / Sec-Fetch-Site,
 * as the public form) and carries a bounded body.
 */
export function teamRouter(context: TeamContext) {
  // Crawlers index none of it, JSON replies and redirects included (the pages also say so in HTML);
  // and no cache keeps any of it: a name, the team, an export (ASVS 5.0 14.3.2).
  const teamHeaders: RequestHandler = (_req, res, next) => {
    res.set({ 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' });
    next();
  };
  const router = Router({ caseSensitive: true, strict: true });
  const forbidden = (res: Response, message: string) => context.render(res, 403, 'forbidden', { message });
  // Rendered per request, so compressed as they go: a page carries the site's 19 KB stylesheet.
  const compress = compression();
  const routes = teamRoutes(context);
  const paths = Map.groupBy(routes, (route) => route.path);
  const guards = [refuseCrossSite(context.publicUrl), readBody];
  for (const [path, handlers] of paths) {
    router
      .route(path)
      .all(allowOnly(...handlers.map(({ method }) => method)), teamHeaders, compress, context.sessions.load);
    for (const { method, access, reply, handle } of handlers) {
      const chain = [...(method === 'POST' ? guards : []), requireAccess(access, reply, forbidden), handle].flat();
      if (method === 'GET') router.get(path, ...chain);
      else router.post(path, ...chain);
    }
  }
  return router;
}
