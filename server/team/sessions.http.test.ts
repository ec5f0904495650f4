import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { type Backend, backendsForThisFile } from '../../test/support/backends';
import {
  addMember,
  codeMailedTo,
  opensSession,
  sessionCookieOf,
  sessionOf,
  signedInMember,
} from '../../test/support/members';
import type { Repository } from '../composition/repository';
import { SESSION } from './policy';

const MINUTE = 60_000;

/** The attributes of the session cookie a reply sets, from the raw Set-Cookie, names lowercased. */
function sessionCookieAttributes(res: request.Response) {
  const line = ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((l) => l.startsWith('__Host-sessao='));
  if (!line) throw new Error('no __Host-sessao in Set-Cookie');
  const [, ...attributes] = line.split(';').map((part) => part.trim());
  return new Map(
    attributes.map((attribute) => {
      const [name, ...value] = attribute.split('=');
      return [name!.toLowerCase(), value.join('=')] as const;
    }),
  );
}

/** Signs `email` in with a code from its e-mail, sending `cookie` along if given; the reply. */
async function signInByCode(
  backend: Backend,
  app: ReturnType<typeof createTestApp>['app'],
  email: string,
  cookie?: string,
) {
  const ask = request(app).post('/entrar/codigo').type('form').send({ email });
  await (cookie ? ask.set('Cookie', cookie) : ask).expect(303);
  const code = await codeMailedTo(() => backend.rows('outbox'), email);
  const confirm = request(app).post('/entrar/codigo/confirmar').type('form').send({ email, code });
  return (cookie ? confirm.set('Cookie', cookie) : confirm).expect(303).expect('Location', '/painel/conta');
}

/** A timestamp `ms` ago, as both backends store and compare them (ISO 8601, UTC). */
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(backendsForThisFile())('sessions, on $name', (backend) => {
  async function appWithMail(): Promise<{ app: ReturnType<typeof createTestApp>['app']; repository: Repository }> {
    const repository = await backend.fresh({ channels: ['email'] });
    return { app: createTestApp({ repository }).app, repository };
  }

  it('the cookie is __Host-sessao, Secure, HttpOnly, SameSite=Lax, for the whole path and no Domain', async () => {
    const { app, repository } = await appWithMail();
    const member = await addMember(repository, 'vendas');

    const attributes = sessionCookieAttributes(await signInByCode(backend, app, member.email));

    expect([...attributes.keys()].sort()).toEqual(['expires', 'httponly', 'max-age', 'path', 'samesite', 'secure']);
    expect(attributes.get('path')).toBe('/');
    expect(attributes.get('samesite')).toBe('Lax');
    // A code's session may only enrol a passkey, for 15 minutes.
    expect(Number(attributes.get('max-age'))).toBe(SESSION.enrolmentMs / 1000);
  });

  it('a code sign-in sets a new id and the cookie sent with it no longer opens a session', async () => {
    const { app, repository } = await appWithMail();
    const member = await addMember(repository, 'vendas');
    const before = await sessionOf(repository, member.id, 'enrol');

    const after = sessionCookieOf(await signInByCode(backend, app, member.email, before.cookie));

    expect(after).toMatch(/^__Host-sessao=[\w-]{43}$/);
    expect(after).not.toBe(before.cookie);
    expect(await opensSession(app, after!)).toBe(true);
    expect(await opensSession(app, before.cookie)).toBe(false);
  });

  it('signing out clears the cookie and ends the session in the store', async () => {
    const { app, repository } = await appWithMail();
    const { cookie } = await signedInMember(repository, 'vendas');

    const res = await request(app).post('/sair').set('Cookie', cookie).expect(303).expect('Location', '/entrar');

    expect(sessionCookieAttributes(res).get('expires')).toBe('Thu, 01 Jan 1970 00:00:00 GMT');
    expect(await opensSession(app, cookie)).toBe(false);
  });

  it.each([
    ['unused for 31 minutes', 'seen_at', ago(31 * MINUTE), false],
    ['unused for 29 minutes', 'seen_at', ago(29 * MINUTE), true],
    ['past its absolute lifetime', 'expires_at', ago(1000), false],
  ])('a session %s is refused or kept accordingly', async (_, column, value, kept) => {
    const { app, repository } = await appWithMail();
    const { cookie, digest } = await signedInMember(repository, 'vendas');

    await backend.exec(`UPDATE sessions SET ${column} = '${value}' WHERE id = '${digest}'`);

    expect(await opensSession(app, cookie)).toBe(kept);
  });

  it('“Sair de todos os dispositivos” ends the member’s other sessions and keeps this one', async () => {
    const { app, repository } = await appWithMail();
    const { member, cookie } = await signedInMember(repository, 'vendas');
    const others = [await sessionOf(repository, member.id), await sessionOf(repository, member.id, 'enrol')];
    const colleague = await signedInMember(repository, 'vendas');

    const res = await request(app).post('/painel/conta/sair-de-todos').set('Cookie', cookie).expect(200);

    expect(res.text).toContain('2 outras sessões foram encerradas.');
    expect(await opensSession(app, cookie)).toBe(true);
    for (const other of others) expect(await opensSession(app, other.cookie)).toBe(false);
    expect(await opensSession(app, colleague.cookie)).toBe(true);
  });

  it.each([
    ['encerrar-sessoes', 'Encerrar sessões'],
    ['revogar', 'Revogar'],
  ])('an admin’s %s on one instance is refused at once on another sharing the database', async (action) => {
    const { app, repository } = await appWithMail();
    const other = createTestApp({ repository: await backend.another({ channels: ['email'] }) }).app;
    const admin = await signedInMember(repository, 'admin');
    const { member, cookie } = await signedInMember(repository, 'vendas');
    const second = await sessionOf(repository, member.id);
    expect(await opensSession(other, cookie)).toBe(true);

    await request(app)
      .post(`/painel/equipe/${member.id}/${action}`)
      .set('Cookie', admin.cookie)
      .type('form')
      .send({ para: 'ninguem' })
      .expect(200);

    expect(await opensSession(other, cookie)).toBe(false);
    expect(await opensSession(other, second.cookie)).toBe(false);
    expect(await opensSession(other, admin.cookie)).toBe(true);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
    ['a foreign Origin', { Origin: 'https://example.net' }],
  ])('a POST with a valid cookie and %s gets 403 and changes nothing', async (_, headers) => {
    const { app, repository } = await appWithMail();
    const { member, cookie } = await signedInMember(repository, 'vendas');
    const other = await sessionOf(repository, member.id);

    const res = await request(app).post('/painel/conta/sair-de-todos').set('Cookie', cookie).set(headers).expect(403);

    expect(res.text).toMatch(/só pode ser enviado a partir do nosso próprio site/);
    expect(await opensSession(app, other.cookie)).toBe(true);
  });

  it.each([
    ['/entrar', undefined],
    ['/entrar/codigo', undefined],
    ['/painel', 'vendas'],
    ['/painel/conta', 'vendas'],
    ['/painel/equipe', 'admin'],
    ['/painel/registro', 'admin'],
  ] as const)('GET %s is neither cached nor indexed', async (path, role) => {
    const { app, repository } = await appWithMail();
    const req = request(app).get(path);
    if (role) req.set('Cookie', (await signedInMember(repository, role)).cookie);

    const res = await req.expect(200);

    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.text).toMatch(/<meta name="robots" content="noindex/);
  });
});
