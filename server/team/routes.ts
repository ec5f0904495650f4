import { jsonRoute, pageRoute, type WorkplaceRoute } from '../workplace/route';
import { accountHandlers } from './account';
import { adminHandlers } from './admin';
import type { TeamContext } from './context';
import { signInHandlers } from './sign-in';

/** The team's routes: signing in and out, a member's own account, and the members an admin manages. */
export function teamRoutes(context: TeamContext): WorkplaceRoute[] {
  const signIn = signInHandlers(context);
  const account = accountHandlers(context);
  const admin = adminHandlers(context);
  return [
    pageRoute('GET', '/entrar', 'public', signIn.page),
    jsonRoute('/entrar/chave/opcoes', 'public', [context.ceremonies.limitByAddress, signIn.passkeyOptions]),
    jsonRoute('/entrar/chave', 'public', signIn.passkey),
    pageRoute('GET', '/entrar/codigo', 'public', signIn.codeForm),
    pageRoute('POST', '/entrar/codigo', 'public', signIn.requestCode),
    pageRoute('GET', '/entrar/codigo/confirmar', 'public', signIn.codeEntry),
    pageRoute('POST', '/entrar/codigo/confirmar', 'public', signIn.confirmCode),
    pageRoute('GET', '/entrar/convite', 'public', signIn.invitation),
    pageRoute('POST', '/entrar/convite', 'public', signIn.acceptInvitation),
    pageRoute('GET', '/entrar/configurar', 'public', signIn.setup),
    pageRoute('POST', '/entrar/configurar', 'public', signIn.completeSetup),
    pageRoute('POST', '/sair', 'enrolling', signIn.signOut),
    pageRoute('GET', '/painel/conta', 'enrolling', account.page),
    jsonRoute('/painel/conta/chaves/opcoes', 'enrolling', account.registrationOptions),
    jsonRoute('/painel/conta/chaves', 'enrolling', account.register),
    pageRoute('POST', '/painel/conta/chaves/:id/nome', 'vendas', account.rename),
    pageRoute('POST', '/painel/conta/chaves/:id/remover', 'vendas', account.remove),
    pageRoute('POST', '/painel/conta/sair-de-todos', 'vendas', account.endOthers),
    pageRoute('GET', '/painel/equipe', 'admin', admin.teamPage),
    pageRoute('POST', '/painel/equipe/convidar', 'admin', admin.invitePost),
    pageRoute('POST', '/painel/equipe/:id/papel', 'admin', admin.changeRole),
    pageRoute('POST', '/painel/equipe/:id/encerrar-sessoes', 'admin', admin.endSessions),
    pageRoute('GET', '/painel/equipe/:id/revogar', 'admin', admin.confirmRevoke),
    pageRoute('POST', '/painel/equipe/:id/revogar', 'admin', admin.revoke),
  ];
}
