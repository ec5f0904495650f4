import { routes } from '../../client/routes';
import { pathsOf } from '../../server/pages/renderer';

/** A page as a visitor's browser gets it: a request, and the status it must answer with. */
export type RenderedPage = {
  name: string;
  path: string;
  status: number;
  /** A form posted without JavaScript, and the headers its browser sends with it. */
  form?: { body: string; headers?: Record<string, string> };
};

/**
 * Every page the public site renders: each route, and the pages the route table does not name (the
 * not-found page, the form's outcomes without JavaScript). A new kind of page that no route
 * names (another outcome, an error page) goes in this list; a team page goes in team-pages.ts.
 */
export const renderedPages: RenderedPage[] = [
  // Every path of the route table (client/routes.tsx): a page added there is checked without more.
  ...pathsOf(routes).map((path) => ({ name: path, path, status: 200 })),
  { name: 'página não encontrada', path: '/nao/existe', status: 404 },
  { name: 'formulário enviado', path: '/?contato=enviado', status: 200 },
  { name: 'formulário com erros nos campos', path: '/api/contacts', status: 400, form: { body: 'name=&email=x' } },
  {
    name: 'formulário recusado (enviado de outro site)',
    path: '/api/contacts',
    status: 403,
    form: { body: 'name=Ana&email=ana%40exemplo.com.br&message=Oi', headers: { 'Sec-Fetch-Site': 'cross-site' } },
  },
  // /cotacao and /cotacao/enviada come from the route table; the quote form's outcomes do not
  // (docs/requirements.md §4.5).
  {
    name: 'cotação com erros nos campos',
    path: '/api/quotes',
    status: 400,
    form: { body: 'origin.city=Nenhuma&origin.state=SP&destination.city=Bel%C3%A9m&destination.state=PA&weightTons=x' },
  },
  {
    name: 'cotação recusada (enviada de outro site)',
    path: '/api/quotes',
    status: 403,
    form: { body: 'name=Ana', headers: { 'Sec-Fetch-Site': 'cross-site' } },
  },
  // The sign-in's page for an address it refuses (server/team/routes.ts); its other pages and the
  // panel's are test/support/team-pages.ts's list.
  { name: 'código com e-mail inválido', path: '/entrar/codigo', status: 400, form: { body: 'email=ana' } },
];
