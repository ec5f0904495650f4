import type { RequestListener } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { codeMailedTo, opensSession, sessionCookieOf } from '../../test/support/members';
import { CODE_REFUSED } from './codes';
import { invite } from './invitations';

// Invitations that end (docs/requirements.md §6.3): one live invitation per address, and
// with e-mail off a link that enrols only with the code handed over apart from it.

const publicUrl = new URL('http://localhost:3000');
const bruno = { email: 'bruno@example.com', name: 'Bruno Lima', role: 'vendas' } as const;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

const open = (app: RequestListener, token: string, code?: string) =>
  request(app)
    .post('/entrar/convite')
    .type('form')
    .send({ token, ...(code !== undefined && { code }) });

describe.each(backendsForThisFile())('invitations, on $name', (backend) => {
  it('a re-invitation voids the earlier link: it answers 410, the new one opens', async () => {
    const repository = await backend.fresh({ channels: ['email'] });
    const { app } = createTestApp({ repository, publicUrl });
    const first = await invite(repository.team, publicUrl, true, bruno);
    const second = await invite(repository.team, publicUrl, true, bruno);

    const oldPage = await request(app).get(`/entrar/convite?token=${tokenOf(first.link)}`);
    const oldPost = await open(app, tokenOf(first.link));
    const newPage = await request(app).get(`/entrar/convite?token=${tokenOf(second.link)}`);

    expect(oldPage.status).toBe(410);
    expect(oldPost.status).toBe(410);
    expect(sessionCookieOf(oldPost)).toBeUndefined();
    expect(newPage.status).toBe(200);
  });

  it('a re-invitation voids the code the earlier link had mailed', async () => {
    const repository = await backend.fresh({ channels: ['email'] });
    const { app } = createTestApp({ repository, publicUrl });
    const first = await invite(repository.team, publicUrl, true, bruno);
    await open(app, tokenOf(first.link)).expect(200);
    const code = await codeMailedTo(() => backend.rows('outbox'), bruno.email);

    await invite(repository.team, publicUrl, true, bruno);
    const res = await request(app).post('/entrar/codigo/confirmar').type('form').send({ email: bruno.email, code });

    expect(res.status).toBe(400);
    expect(res.text).toContain(CODE_REFUSED);
  });

  it('without e-mail the link alone enrols nobody; with the code handed apart it opens one session, once', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository, publicUrl });
    const { link, code, mailed } = await invite(repository.team, publicUrl, false, bruno);
    const token = tokenOf(link);

    const page = await request(app).get(`/entrar/convite?token=${token}`).expect(200);
    const alone = await open(app, token);
    const used = await open(app, token, code);
    const again = await open(app, token, code);

    expect(mailed).toBe(false);
    expect(code).toMatch(/^\d{6}$/);
    expect(page.text).toContain('Código do convite');
    expect(alone.status).toBe(400);
    expect(sessionCookieOf(alone)).toBeUndefined();
    expect(alone.text).toContain('Código do convite incorreto');
    expect(used.status).toBe(303);
    expect(used.headers.location).toBe('/painel/conta');
    expect(await opensSession(app, sessionCookieOf(used)!)).toBe(true);
    expect(again.status).toBe(410);
  });

  it('without e-mail a re-invitation voids the first link with its code', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository, publicUrl });
    const first = await invite(repository.team, publicUrl, false, bruno);
    await invite(repository.team, publicUrl, false, bruno);

    const res = await open(app, tokenOf(first.link), first.code);

    expect(res.status).toBe(410);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('five wrong codes spend the invitation: the right one then finds a dead link', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository, publicUrl });
    const { link, code } = await invite(repository.team, publicUrl, false, bruno);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    for (let attempt = 0; attempt < 5; attempt++) await open(app, tokenOf(link), wrong).expect(400);
    const res = await open(app, tokenOf(link), code);

    expect(res.status).toBe(410);
  });
});
