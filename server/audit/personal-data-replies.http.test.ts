import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, testManifest, testModuleRoutes } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { ADMIN_TOKEN, bearer, fullQuote, sampleContact, validContact, validQuote } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { AUDIT_ACTIONS } from '../composition/audit';
import type { Repository } from '../composition/repository';
import { workplaceRoutes } from '../composition/workplace';
import { csvExports } from '../exports/routes';

// Issue 55, item 3: every reply that carries a lead's personal data is a line of the audit record,
// whatever its status. The routes are read from the app's own tables, so that a route added later is
// tried too: the API's from its OpenAPI document, the signed-in part's from its route table. Each is
// asked in every way a client could (GET, HEAD, a PATCH that changes nothing, one on a stale version,
// a form post that is refused), with leads of its own; a reply that shows any of them must have the
// line of its request id.

/** Written into every lead the test stores, and in no request it sends: a reply that holds it shows a lead. */
const MARK = 'Zéfira';

/** A contact, a quote and a post held as suspect, fresh for one attempt; their ids. */
async function leadsOf(repository: Repository, n: number) {
  const person = { name: `${MARK} Marcador`, email: `pessoa.${n}@exemplo.com.br` };
  const contact = await repository.contacts.createContact(
    validContact({ ...sampleContact, ...person, message: `${MARK} precisa de frete.` }),
  );
  const quote = await repository.quotes.createQuote(validQuote({ ...fullQuote, ...person }));
  const held = await repository.contacts.receiveContact(validContact({ ...sampleContact, ...person }), {
    honeypot: true,
    stamp: { kind: 'none' },
  });
  const idOf = (result: { outcome: string; record?: { id: string } }) => result.record!.id;
  return { email: person.email, ids: [idOf(contact), idOf(quote), idOf(held.result)] };
}

type Attempt = {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  /** The path with `{id}` or `:id` where a lead's id goes. */
  path: string;
  kind: 'api' | 'page' | 'json';
  body?: object;
  headers?: Record<string, string>;
};

/** Every way the test asks each route: the API's from its document, the signed-in part's from its table. */
async function attempts(app: Parameters<typeof request>[0], repository: Repository) {
  const document = (await request(app).get('/api/openapi.json').expect(200)).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  const api: Attempt[] = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).flatMap((method): Attempt[] => {
      // A POST stores what its sender wrote, and its 201 gives that back to them alone (§11.2).
      if (method === 'post') return [];
      if (method === 'get')
        return [
          { method: 'GET', path, kind: 'api' },
          { method: 'HEAD', path, kind: 'api' },
        ];
      if (method === 'patch')
        return [
          // A change of nothing, unconditional and on the version as it stands; then on a stale one.
          { method: 'PATCH', path, kind: 'api', body: { status: 'new' } },
          { method: 'PATCH', path, kind: 'api', body: { status: 'new' }, headers: { 'If-Match': '"1"' } },
          { method: 'PATCH', path, kind: 'api', body: { status: 'new' }, headers: { 'If-Match': '"999"' } },
          { method: 'PATCH', path, kind: 'api', body: { note: 'Ligou.' }, headers: { 'If-Match': '"1"' } },
        ];
      return [{ method: method.toUpperCase() as Attempt['method'], path, kind: 'api' }];
    }),
  );
  const { routes } = workplaceRoutes({
    stores: repository,
    manifest: testManifest,
    publicUrl: new URL('http://localhost:3000'),
    exports: csvExports(repository),
    mailOn: false,
    auditActions: AUDIT_ACTIONS,
    modules: testModuleRoutes(repository),
  });
  const workplace: Attempt[] = routes.flatMap(({ method, path, reply }): Attempt[] => {
    const kind = reply === 'json' ? 'json' : 'page';
    if (method === 'GET')
      return [
        { method: 'GET', path, kind },
        { method: 'HEAD', path, kind },
      ];
    // Posts that the page refuses and answers with the lead: nothing, and a stale version with input.
    return [
      { method: 'POST', path, kind, body: {} },
      { method: 'POST', path, kind, body: { versao: '999', situacao: 'contacted', nota: 'Ligou.', confirmo: 'não' } },
    ];
  });
  return [...api, ...workplace];
}

/** `path` with `id` in place of its `{id}` or `:id`, and the query every listing and search reads. */
const target = (path: string, id: string, email: string) =>
  `${path.replace(/\{id\}|:id/, id)}?${new URLSearchParams({ email, q: 'Marcador', limit: '100' })}`;

describe.each(backendsForThisFile())('replies that carry personal data, on $name', (backend) => {
  it('each is a line of the audit record, on every route the app’s tables list', { timeout: 300_000 }, async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository, adminToken: ADMIN_TOKEN });
    const unrecorded: string[] = [];
    const carried = new Set<string>();
    let n = 0;
    for (const attempt of await attempts(app, repository)) {
      const { email, ids } = await leadsOf(repository, n);
      for (const id of /\{id\}|:id/.test(attempt.path) ? ids : [ids[0]!]) {
        const requestId = `tentativa-${++n}`;
        // A member of their own each time: a sign-out or "sair de todos" ends only theirs.
        const admin = attempt.kind === 'api' ? undefined : await signedInMember(repository, 'admin');
        const sent = request(app)
          [attempt.method.toLowerCase() as 'get'](target(attempt.path, id, email))
          .set('X-Request-Id', requestId)
          .set('Sec-Fetch-Site', 'same-origin')
          .set(attempt.headers ?? {});
        if (attempt.kind === 'api') sent.set('Authorization', bearer);
        else sent.set('Cookie', admin!.cookie);
        if (attempt.body) sent.type(attempt.kind === 'page' ? 'form' : 'json').send(attempt.body);
        const res = await sent.buffer(true).parse((reply, done) => {
          let text = '';
          reply.setEncoding('utf8');
          reply.on('data', (chunk: string) => (text += chunk));
          reply.on('end', () => done(null, text));
        });
        const what = `${attempt.method} ${attempt.path} ${JSON.stringify(attempt.body ?? {})} ${JSON.stringify(attempt.headers ?? {})} → ${res.status}`;
        expect(res.status, what).toBeLessThan(500);
        if (!String(res.body).includes(MARK)) continue;
        carried.add(`${attempt.method} ${attempt.path}`);
        const lines = await repository.audit.readAudit({ limit: 20 });
        if (!lines.some((line) => line.requestId === requestId)) unrecorded.push(what);
      }
    }

    expect(unrecorded).toEqual([]);
    // The test reaches what it is about: these show leads, and a new route adds to them.
    expect([...carried].sort()).toEqual(
      expect.arrayContaining([
        'GET /api/contacts',
        'GET /api/quotes',
        'GET /api/quotes/{id}',
        'PATCH /api/contacts/{id}',
        'PATCH /api/quotes/{id}',
        'GET /api/contacts.csv',
        'GET /api/quotes.csv',
        'GET /api/subjects',
        'GET /painel',
        'GET /painel/leads/:id',
        'POST /painel/leads/:id',
        'POST /painel/leads/:id/eliminar',
        'GET /painel/leads.csv',
        'GET /painel/suspeitos',
        'GET /painel/dados/contatos.csv',
        'GET /painel/dados/cotacoes.csv',
      ]),
    );
  });
});
