import type { RequestListener } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { addMember, codeMailedTo, opensSession, sessionCookieOf, teamMails } from '../../test/support/members';
import { CODE_REFUSED } from './codes';
import { invite, sendCode, setupLink } from './invitations';

const publicUrl = new URL('http://localhost:3000');
const MINUTE = 60_000;

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const askCode = (app: RequestListener, email: string) =>
  request(app).post('/entrar/codigo').type('form').send({ email });

const confirm = (app: RequestListener, email: string, code: string) =>
  request(app).post('/entrar/codigo/confirmar').type('form').send({ email, code });

// The code path as a browser without JavaScript walks it: plain form posts and redirects.
describe.each(backendsForThisFile())('one-time codes and links, on $name', (backend) => {
  /** The app with e-mail on, a `vendas` member, and a way to read the newest code mailed to them. */
  async function appWithMember() {
    const repository = await backend.fresh({ channels: ['email'] });
    const { app } = createTestApp({ repository, publicUrl });
    const member = await addMember(repository, 'vendas');
    const newestCode = () => codeMailedTo(() => backend.rows('outbox'), member.email);
    return { app, repository, member, newestCode };
  }

  it('a code asked for on a form arrives by e-mail and opens an enrolling session', async () => {
    const { app, member, newestCode } = await appWithMember();

    await askCode(app, member.email)
      .expect(303)
      .expect('Location', `/entrar/codigo/confirmar?email=${encodeURIComponent(member.email)}`);
    const code = await newestCode();
    const mails = teamMails(await backend.rows('outbox'));
    const page = await request(app).get(`/entrar/codigo/confirmar?email=${encodeURIComponent(member.email)}`);
    const res = await confirm(app, member.email, code).expect(303).expect('Location', '/painel/conta');

    expect(mails).toEqual([
      { to: member.email, subject: expect.stringMatching(/^\d{6} é seu código de acesso/), text: expect.any(String) },
    ]);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Código de 6 dígitos');
    expect(await opensSession(app, sessionCookieOf(res)!)).toBe(true);
  });

  it('a code works once', async () => {
    const { app, member, newestCode } = await appWithMember();
    await askCode(app, member.email).expect(303);
    const code = await newestCode();
    await confirm(app, member.email, code).expect(303);

    const again = await confirm(app, member.email, code).expect(400);

    expect(again.text).toContain(CODE_REFUSED);
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it('a code expires 10 minutes after it was sent', async () => {
    const { app, member, newestCode } = await appWithMember();
    await askCode(app, member.email).expect(303);
    const code = await newestCode();
    const [row] = await backend.rows('sign_in_codes');
    const expiresIn = new Date(row!.expires_at as string).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(9.9 * MINUTE);
    expect(expiresIn).toBeLessThanOrEqual(10 * MINUTE);

    await backend.exec(`UPDATE sign_in_codes SET expires_at = '${new Date(Date.now() - 1000).toISOString()}'`);

    expect((await confirm(app, member.email, code).expect(400)).text).toContain(CODE_REFUSED);
  });

  it('after 4 wrong attempts the right code still works', async () => {
    const { app, member, newestCode } = await appWithMember();
    await askCode(app, member.email).expect(303);
    const code = await newestCode();

    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await confirm(app, member.email, otherThan(code)).expect(400)).text).toContain(CODE_REFUSED);

    await confirm(app, member.email, code).expect(303);
  });

  it('after 5 wrong attempts even the right code is refused', async () => {
    const { app, member, newestCode } = await appWithMember();
    await askCode(app, member.email).expect(303);
    const code = await newestCode();

    for (let attempt = 1; attempt <= 5; attempt++) await confirm(app, member.email, otherThan(code)).expect(400);
    const res = await confirm(app, member.email, code).expect(400);

    expect(res.text).toContain(CODE_REFUSED);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('a new code replaces the one sent before', async () => {
    const { app, repository, member, newestCode } = await appWithMember();
    await askCode(app, member.email).expect(303);
    const first = await newestCode();
    // The form sends one code per address in 5 minutes (server/team/limits.ts); an invitation's sends another.
    await sendCode(repository.team, member);
    const second = await newestCode();

    if (first !== second) expect((await confirm(app, member.email, first).expect(400)).text).toContain(CODE_REFUSED);
    await confirm(app, member.email, second).expect(303);
  });

  it('an address of nobody on the team gets the same reply, and no e-mail', async () => {
    const { app, member, newestCode } = await appWithMember();
    const stranger = 'ninguem@example.com';

    const known = await askCode(app, member.email).expect(303);
    const unknown = await askCode(app, stranger).expect(303);
    const page = await request(app).get(unknown.headers.location!).expect(200);
    const refused = await confirm(app, stranger, '123456').expect(400);

    expect(unknown.headers.location).toBe(
      known.headers.location!.replace(encodeURIComponent(member.email), encodeURIComponent(stranger)),
    );
    expect(unknown.text).toBe(known.text.replaceAll(encodeURIComponent(member.email), encodeURIComponent(stranger)));
    expect(page.text).toContain('Código de 6 dígitos');
    expect(refused.text).toContain(CODE_REFUSED);
    await newestCode();
    expect(teamMails(await backend.rows('outbox')).map(({ to }) => to)).toEqual([member.email]);
  });

  it('with e-mail off, asking for a code says so in Portuguese (503)', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const member = await addMember(repository, 'vendas');

    const res = await askCode(app, member.email).expect(503);

    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('O envio de e-mail está desligado neste servidor (SMTP_URL)');
    expect(await backend.rows('outbox')).toEqual([]);
  });

  it('the setup link works while no member has a passkey, once, then answers 410', async () => {
    const { app, repository } = await appWithMember();
    const link = new URL(await setupLink(repository.team, publicUrl));
    const token = link.searchParams.get('token')!;
    const admin = { token, name: 'Ana Admin', email: 'ana@example.com' };

    await request(app)
      .get(link.pathname + link.search)
      .expect(200);
    const used = await request(app).post('/entrar/configurar').type('form').send(admin).expect(303);
    const again = await request(app).post('/entrar/configurar').type('form').send(admin);
    const reopened = await request(app).get(link.pathname + link.search);

    expect(used.headers.location).toBe('/painel/conta');
    expect(await opensSession(app, sessionCookieOf(used)!)).toBe(true);
    expect((await repository.team.memberByEmail(admin.email))?.role).toBe('admin');
    expect([again.status, reopened.status]).toEqual([410, 410]);

    // A link printed by another start or replica: dead once the setup is claimed (docs/requirements.md §6.3).
    const late = new URL(await setupLink(repository.team, publicUrl));
    await request(app)
      .get(late.pathname + late.search)
      .expect(410);
  });

  it('a setup link is dead once a member has a passkey', async () => {
    const { app, repository, member } = await appWithMember();
    const late = new URL(await setupLink(repository.team, publicUrl));
    await request(app)
      .get(late.pathname + late.search)
      .expect(200);
    await repository.team.addPasskey({
      id: 'chave-1',
      memberId: member.id,
      name: 'Celular',
      publicKey: new Uint8Array(32),
      counter: 0,
      transports: ['internal'],
    });
    await request(app)
      .get(late.pathname + late.search)
      .expect(410);
  });

  it('an invitation with e-mail on asks for a code sent to the invited address', async () => {
    const { app, repository } = await appWithMember();
    const { link } = await invite(repository.team, publicUrl, true, {
      email: 'bruno@example.com',
      name: 'Bruno',
      role: 'vendas',
    });
    const token = new URL(link).searchParams.get('token')!;

    const opened = await request(app).post('/entrar/convite').type('form').send({ token }).expect(200);
    const code = await codeMailedTo(() => backend.rows('outbox'), 'bruno@example.com');
    const res = await confirm(app, 'bruno@example.com', code).expect(303);

    expect(sessionCookieOf(opened)).toBeUndefined();
    expect(opened.text).toContain('Código de 6 dígitos');
    expect(await opensSession(app, sessionCookieOf(res)!)).toBe(true);
  });
});
