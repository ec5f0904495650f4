import type { RequestListener } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable } from '../../test/support/inbox';
import { sampleContact, validContact } from '../../test/support/leads';
import { addMember, codeMailedTo, sessionCookieOf, signedInMember } from '../../test/support/members';

// A lead's link opened while signed out goes through sign-in and back to that lead (docs/requirements.md §6.4):
// the return path rides along the code's forms, and nothing but a path under /painel is ever followed.

const publicUrl = new URL('http://localhost:3000');

/** What sites an attacker would have a member sent to, each a way past a naive check. */
const OPEN_REDIRECTS = [
  'https://evil.example/painel',
  '//evil.example/painel',
  '/\\evil.example',
  '/painel/../entrar',
  '/painel/%2e%2e/%2e%2e/evil',
  'javascript:alert(1)',
  '/painelx',
];

const volta = (path: string) => encodeURIComponent(path);

describe.each(backendsForThisFile())('the return path through sign-in, on $name', (backend) => {
  async function appWithLead() {
    const repository = await backend.fresh({ channels: ['email'] });
    const { app } = createTestApp({ repository, publicUrl });
    const { record } = await repository.contacts.createContact(validContact(sampleContact));
    const member = await addMember(repository, 'vendas');
    const newestCode = () => codeMailedTo(() => backend.rows('outbox'), member.email);
    return { app, repository, member, leadPath: `/painel/leads/${record.id}`, newestCode };
  }

  const askCode = (app: RequestListener, email: string, back: string) =>
    request(app).post('/entrar/codigo').type('form').send({ email, volta: back });

  it('sends a signed-out lead link to /entrar with the lead as its return path, and the code link keeps it', async () => {
    const { app, leadPath } = await appWithLead();

    const res = await request(app).get(leadPath).expect(303);

    expect(res.headers.location).toBe(`/entrar?volta=${volta(leadPath)}`);
    const page = readable((await request(app).get(String(res.headers.location)).expect(200)).text);
    expect(page).toContain(`href="/entrar/codigo?volta=${volta(leadPath)}"`);
    const codePage = readable(
      (
        await request(app)
          .get(`/entrar/codigo?volta=${volta(leadPath)}`)
          .expect(200)
      ).text,
    );
    expect(codePage).toContain(`<input type="hidden" name="volta" value="${leadPath}"/>`);
  });

  it('keeps the lead through the code’s flow, to the account page where the passkey leads on to it', async () => {
    const { app, member, leadPath, newestCode } = await appWithLead();
    const confirmPath = `/entrar/codigo/confirmar?email=${encodeURIComponent(member.email)}&volta=${volta(leadPath)}`;

    await askCode(app, member.email, leadPath).expect(303).expect('Location', confirmPath);
    const entry = readable((await request(app).get(confirmPath).expect(200)).text);
    const res = await request(app)
      .post('/entrar/codigo/confirmar')
      .type('form')
      .send({ email: member.email, code: await newestCode(), volta: leadPath });

    expect(entry).toContain(`<input type="hidden" name="volta" value="${leadPath}"/>`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/painel/conta?volta=${volta(leadPath)}`);
    // An enrolling session opening the lead's link is sent to enrol, the lead still its return path.
    const enrolling = await request(app).get(leadPath).set('Cookie', sessionCookieOf(res)!).expect(303);
    expect(enrolling.headers.location).toBe(`/painel/conta?volta=${volta(leadPath)}`);
  });

  it('takes a member already signed in straight to the lead from /entrar', async () => {
    const { app, repository, leadPath } = await appWithLead();
    const { cookie } = await signedInMember(repository, 'vendas');

    await request(app)
      .get(`/entrar?volta=${volta(leadPath)}`)
      .set('Cookie', cookie)
      .expect(303)
      .expect('Location', leadPath);
  });

  it.each(OPEN_REDIRECTS)(
    'never follows %j: /entrar, the code’s flow and a session all go to /painel',
    async (evil) => {
      const { app, repository, member, newestCode } = await appWithLead();
      const { cookie } = await signedInMember(repository, 'vendas');

      const signedIn = await request(app)
        .get(`/entrar?volta=${volta(evil)}`)
        .set('Cookie', cookie)
        .expect(303);
      const page = await request(app)
        .get(`/entrar?volta=${volta(evil)}`)
        .expect(200);
      const asked = await askCode(app, member.email, evil).expect(303);
      const confirmed = await request(app)
        .post('/entrar/codigo/confirmar')
        .type('form')
        .send({ email: member.email, code: await newestCode(), volta: evil });

      expect(signedIn.headers.location).toBe('/painel');
      expect(page.text).not.toContain('volta');
      expect(asked.headers.location).toBe(`/entrar/codigo/confirmar?email=${encodeURIComponent(member.email)}`);
      expect(confirmed.headers.location).toBe('/painel/conta');
    },
  );
});
