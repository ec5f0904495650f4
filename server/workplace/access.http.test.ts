import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, testManifest, testModuleRoutes } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { signedInMember } from '../../test/support/members';
import { AUDIT_ACTIONS } from '../composition/audit';
import type { Repository } from '../composition/repository';
import { workplaceRoutes } from '../composition/workplace';
import { csvExports } from '../exports/routes';
import type { Access } from './access';
import type { WorkplaceRoute } from './route';

const publicUrl = new URL('http://localhost:3000');

/** Every feature's table of routes, as the app builds them (only their methods, paths and access are read). */
const routesOf = (repository: Repository) =>
  workplaceRoutes({
    stores: repository,
    manifest: testManifest,
    publicUrl,
    exports: csvExports(repository),
    mailOn: false,
    auditActions: AUDIT_ACTIONS,
    modules: testModuleRoutes(repository),
  }).routes;

type Visitor = 'no session' | 'enrol-only' | 'vendas' | 'admin';

/** What the guard answers: the visitor passes, or one of its refusals. */
type Outcome = 'allowed' | 'to /entrar' | '401' | 'to /painel/conta' | '403 json' | '403 page';

/** What a route's access promises each visitor (server/workplace/access.ts). */
function promised(access: Access, reply: WorkplaceRoute['reply'], visitor: Visitor): Outcome {
  if (access === 'public') return 'allowed';
  if (visitor === 'no session') return reply === 'json' ? '401' : 'to /entrar';
  if (access === 'enrolling') return 'allowed';
  if (visitor === 'enrol-only') return reply === 'json' ? '403 json' : 'to /painel/conta';
  if (access === 'admin' && visitor === 'vendas') return reply === 'json' ? '403 json' : '403 page';
  return 'allowed';
}

/** What the reply was, as far as the guard goes. A sign-out's own redirect ends the session it had. */
function observed(res: request.Response): Outcome {
  const json = /json/.test(res.headers['content-type'] ?? '');
  const endsSession = String(res.headers['set-cookie'] ?? '').includes('Expires=Thu, 01 Jan 1970');
  if (res.status === 401 && json) return '401';
  if (res.status === 403) return json ? '403 json' : '403 page';
  // A GET's own path rides along as the return path (docs/requirements.md §6.4).
  const to = String(res.headers.location ?? '').split('?volta=')[0];
  if (res.status === 303 && to === '/entrar' && !endsSession) return 'to /entrar';
  if (res.status === 303 && to === '/painel/conta' && res.headers['set-cookie'] === undefined)
    return 'to /painel/conta';
  return 'allowed';
}

describe.each(backendsForThisFile())('every route of the signed-in part, on $name', (backend) => {
  /** The cookie of each visitor, each a member of their own; a sign-out gets new ones, as it ends its session. */
  const visitors = async (repository: Repository): Promise<Record<Visitor, string | undefined>> => ({
    'no session': undefined,
    'enrol-only': (await signedInMember(repository, 'vendas', 'enrol')).cookie,
    vendas: (await signedInMember(repository, 'vendas')).cookie,
    admin: (await signedInMember(repository, 'admin')).cookie,
  });

  async function appWithVisitors() {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    return { app, repository, cookies: await visitors(repository) };
  }

  it('a test tries every role on every route, and each gets what its access promises', {
    timeout: 60_000,
  }, async () => {
    const { app, repository, cookies: kept } = await appWithVisitors();
    const results: string[] = [];
    const expected: string[] = [];

    for (const { method, path, access, reply } of routesOf(repository)) {
      const cookies = path === '/sair' ? await visitors(repository) : kept;
      for (const visitor of Object.keys(cookies) as Visitor[]) {
        // A member who is not there: an admin's action on them finds nobody, which the guard has let through.
        const target = path.replace(':id', randomUUID());
        const req = method === 'GET' ? request(app).get(target) : request(app).post(target);
        if (cookies[visitor]) req.set('Cookie', cookies[visitor]);
        const res = await (method === 'POST' ? (reply === 'json' ? req.send({}) : req.type('form').send('')) : req);
        expect(res.status, `${method} ${target} (${visitor})`).toBeLessThan(500);
        results.push(`${method} ${path} · ${visitor} → ${observed(res)}`);
        expected.push(`${method} ${path} · ${visitor} → ${promised(access, reply, visitor)}`);
      }
    }

    expect(results).toEqual(expected);
  });

  it('the table gives no /painel route to a visitor without a session, and the team and record to admins', async () => {
    const routes = routesOf(await backend.fresh());
    const access = (path: string) => routes.filter((route) => route.path === path).map((route) => route.access);

    for (const route of routes.filter(({ path }) => path.startsWith('/painel')))
      expect(route.access, route.path).not.toBe('public');
    for (const route of routes.filter(({ path }) => /^\/painel\/(equipe|registro)/.test(path)))
      expect(route.access, route.path).toBe('admin');
    expect(access('/painel')).toEqual(['vendas']);
    // A lead's page and its changes are every member's work; erasing the person is an admin's
    // (docs/requirements.md §6.3).
    expect(access('/painel/leads/:id')).toEqual(['vendas', 'vendas']);
    expect(access('/painel/leads/:id/eliminar')).toEqual(['admin']);
    // The inbox's bulk copy is an admin's, as the tables' (docs/decisions/035-inbox-export-and-report.md).
    expect(access('/painel/leads.csv')).toEqual(['admin']);
    // The spam folder and its buttons are every member's, as the inbox (docs/requirements.md §6.4).
    expect(access('/painel/suspeitos')).toEqual(['vendas']);
    for (const path of ['/painel/suspeitos/:id/liberar', '/painel/suspeitos/:id/spam', '/painel/leads/:id/spam'])
      expect(access(path), path).toEqual(['vendas']);
    expect(access('/sair')).toEqual(['enrolling']);
  });

  it('a method a path does not implement gets 405 with the ones it does in Allow', async () => {
    const { app, repository } = await appWithVisitors();
    const paths = Map.groupBy(routesOf(repository), (route) => route.path);

    for (const [path, routes] of paths) {
      const res = await request(app).put(path.replace(':id', randomUUID())).send('');
      const allow = routes.flatMap(({ method }) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
      expect(res.status, path).toBe(405);
      expect(res.headers.allow, path).toBe([...allow, 'OPTIONS'].join(', '));
    }
  });

  it.each(['not-a-uuid', `${randomUUID()}x`])(
    'a malformed member id (%s) gets the Portuguese 404 page, never a 500',
    async (id) => {
      const { app, cookies } = await appWithVisitors();

      for (const action of ['papel', 'encerrar-sessoes', 'revogar']) {
        const res = await request(app)
          .post(`/painel/equipe/${encodeURIComponent(id)}/${action}`)
          .set('Cookie', cookies.admin!)
          .type('form')
          .send({ role: 'vendas' });

        expect(res.status, action).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('Este membro não existe mais.');
      }
    },
  );
});
