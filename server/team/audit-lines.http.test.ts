import type { RequestListener } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { type Backend, backendsForThisFile } from '../../test/support/backends';
import { addMember, codeMailedTo, signedInMember } from '../../test/support/members';
import type { AuditLine } from '../audit/events';
import type { Repository } from '../composition/repository';
import type { Member } from './sql-store';

/** The client's address as the one trusted proxy names it. */
const CLIENT = '203.0.113.7';

type Scene = { app: RequestListener; repository: Repository; backend: Backend; admin: Member; adminCookie: string };

/** A request from CLIENT through the proxy, with `cookie` if given. */
const from = (req: request.Test, cookie?: string) => {
  req.set('X-Forwarded-For', CLIENT);
  return cookie ? req.set('Cookie', cookie) : req;
};

const form = (app: RequestListener, path: string, body: object, cookie?: string) =>
  from(request(app).post(path).type('form'), cookie).send(body);

const passkey = (memberId: string, id: string) => ({
  id,
  memberId,
  name: `Chave ${id}`,
  publicKey: new Uint8Array(32),
  counter: 0,
  transports: ['internal'],
});

/**
 * Each action of docs/requirements.md §11.6 a person can take over plain HTTP, and the line it must leave. A
 * passkey's addition needs a WebAuthn ceremony: e2e/browser/team-sign-in.browser.test.ts drives it.
 */
const ACTIONS: {
  name: string;
  act(scene: Scene): Promise<request.Response>;
  line(scene: Scene & { member?: Member }): Partial<AuditLine>;
}[] = [
  {
    name: 'a sign-in by code',
    async act({ app, repository, backend }) {
      const member = await addMember(repository, 'vendas', 'bruno@example.com');
      await form(app, '/entrar/codigo', { email: member.email }).expect(303);
      const code = await codeMailedTo(() => backend.rows('outbox'), member.email);
      return form(app, '/entrar/codigo/confirmar', { email: member.email, code }).expect(303);
    },
    line: () => ({ action: 'signin', actor: 'bruno@example.com', detail: { método: 'código por e-mail' } }),
  },
  {
    name: 'a failed sign-in by code',
    async act({ app, repository }) {
      await addMember(repository, 'vendas', 'bruno@example.com');
      return form(app, '/entrar/codigo/confirmar', { email: 'bruno@example.com', code: '000000' }).expect(400);
    },
    line: () => ({ action: 'signin.failed', actor: 'bruno@example.com', detail: { método: 'código por e-mail' } }),
  },
  {
    name: 'a failed sign-in with an unknown passkey',
    act: ({ app }) =>
      from(request(app).post('/entrar/chave'))
        .send({ response: { id: 'x' } })
        .expect(400),
    line: () => ({ action: 'signin.failed', actor: 'anônimo', detail: { método: 'chave de acesso' } }),
  },
  {
    name: 'a passkey removed',
    async act({ app, repository }) {
      const { member, cookie } = await signedInMember(repository, 'vendas');
      await repository.team.addPasskey(passkey(member.id, 'celular'));
      await repository.team.addPasskey(passkey(member.id, 'notebook'));
      return form(app, '/painel/conta/chaves/celular/remover', {}, cookie).expect(303);
    },
    line: () => ({ action: 'passkey.removed', subject: 'Chave celular' }),
  },
  {
    name: 'an invitation',
    act: ({ app, adminCookie }) =>
      form(
        app,
        '/painel/equipe/convidar',
        { name: 'Bruno', email: 'bruno@example.com', role: 'vendas' },
        adminCookie,
      ).expect(201),
    line: ({ admin }) => ({
      action: 'member.invited',
      actor: admin.email,
      subject: 'bruno@example.com',
      detail: { papel: 'vendas' },
    }),
  },
  {
    name: 'a role change',
    async act({ app, repository, adminCookie }) {
      const member = await addMember(repository, 'vendas', 'bruno@example.com');
      return form(app, `/painel/equipe/${member.id}/papel`, { role: 'admin' }, adminCookie).expect(303);
    },
    line: ({ admin }) => ({
      action: 'member.role',
      actor: admin.email,
      subject: 'bruno@example.com',
      detail: { de: 'vendas', para: 'admin' },
    }),
  },
  {
    name: 'a revocation',
    async act({ app, repository, adminCookie }) {
      const member = await addMember(repository, 'vendas', 'bruno@example.com');
      return form(app, `/painel/equipe/${member.id}/revogar`, { para: 'ninguem' }, adminCookie).expect(200);
    },
    line: ({ admin }) => ({
      action: 'member.revoked',
      actor: admin.email,
      subject: 'bruno@example.com',
      detail: { leads: 0, para: 'ninguém' },
    }),
  },
  {
    name: 'an admin ending a member’s sessions',
    async act({ app, repository, adminCookie }) {
      const { member } = await signedInMember(repository, 'vendas');
      return form(app, `/painel/equipe/${member.id}/encerrar-sessoes`, {}, adminCookie).expect(200);
    },
    line: ({ admin }) => ({ action: 'sessions.ended', actor: admin.email, detail: { sessões: 1 } }),
  },
  {
    name: '“Sair de todos os dispositivos”',
    act: ({ app, adminCookie }) => form(app, '/painel/conta/sair-de-todos', {}, adminCookie).expect(200),
    line: ({ admin }) => ({
      action: 'sessions.ended',
      actor: admin.email,
      subject: admin.email,
      detail: { sessões: 0 },
    }),
  },
  {
    name: 'a sign-out',
    act: ({ app, adminCookie }) => form(app, '/sair', {}, adminCookie).expect(303),
    line: ({ admin }) => ({ action: 'signout', actor: admin.email, actorId: admin.id }),
  },
];

describe.each(backendsForThisFile())('the audit line of each sign-in action, on $name', (backend) => {
  it.each(ACTIONS)('$name leaves its line, with who, from where and the request id', async ({ act, line }) => {
    const repository = await backend.fresh({ channels: ['email'] });
    const { app } = createTestApp({ repository, trustProxy: ['loopback'] });
    const { member: admin, cookie: adminCookie } = await signedInMember(repository, 'admin');
    const scene = { app, repository, backend, admin, adminCookie };

    const res = await act(scene);

    const [last] = await repository.audit.readAudit({ limit: 1 });
    expect(last).toMatchObject({ ...line(scene), ip: CLIENT, requestId: res.headers['x-request-id'] });
    expect(res.headers['x-request-id']).toMatch(/\S/);
  });
});
