import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { storeQuote } from '../../test/support/inbox';
import { ADMIN_TOKEN, bearer } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { propose } from '../../test/support/proposals';
import { invite, setupLink } from '../team/invitations';

// No link's secret in a log line or a metric label: a proposal's token is in its path, the team's
// invitation and setup tokens in their query, the sign-in code's address in its query. A walk
// through every one of them, right and wrong, in any letter case, then a search of every line the
// app wrote and of /metrics. (The setup link the server announces at start, while nobody can sign
// in, is the one line written to carry a link: server/team/setup-link.ts.)

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('the logs of a walk through every link that carries a secret', () => {
  it('hold none of the secrets, nor does any metric label', async () => {
    const { app, logs, repository } = createTestApp({ adminToken: ADMIN_TOKEN });
    const { member } = await signedInMember(repository, 'vendas');
    const quoteId = await storeQuote(repository, { company: 'Bebidas do Norte' });
    await repository.inbox.changeLead(quoteId, 1, { owner: member.id }, { actor: { kind: 'token' } });
    const { token } = await propose(repository, quoteId, member);
    const wrong = randomBytes(32).toString('base64url');
    const publicUrl = new URL('http://localhost:3000');
    const invitation = tokenOf(
      (await invite(repository.team, publicUrl, true, { email: 'bruno@example.com', name: 'Bruno', role: 'vendas' }))
        .link,
    );
    const setup = tokenOf(await setupLink(repository.team, publicUrl));
    const email = 'alguem.secreto@example.com';

    await request(app).get(`/proposta/${token}`).expect(200);
    await request(app).get(`/PROPOSTA/${token}`);
    await request(app).get(`/proposta/${token}/`);
    await request(app).get(`/proposta/${wrong}`).expect(404);
    await request(app).get(`/proposta/${token}/nada/${token}`);
    await request(app).post(`/proposta/${token}/aceitar`).set(SAME_SITE).type('form').send({ aceito_por: 'Carlos' });
    await request(app).post(`/proposta/${token}/recusar`).set(SAME_SITE).type('form').send({});
    await request(app).get(`/entrar/convite?token=${invitation}`).expect(200);
    await request(app).post('/entrar/convite').set(SAME_SITE).type('form').send({ token: invitation });
    await request(app).get(`/entrar/configurar?token=${setup}`);
    await request(app).post('/entrar/codigo').set(SAME_SITE).type('form').send({ email });
    await request(app).get(`/entrar/codigo/confirmar?${new URLSearchParams({ email })}`);
    const metrics = await request(app).get('/metrics').set('Authorization', bearer).expect(200);

    const written = logs.map((line) => JSON.stringify(line)).join('\n');
    const paths = logs.flatMap((line) =>
      (line.req as { path?: string })?.path ? [(line.req as { path: string }).path] : [],
    );
    expect(paths).toContain('/proposta/:token');
    expect(paths.filter((path) => path === '/proposta/:token')).toHaveLength(3);
    expect(paths).toContain('/proposta/:token/aceitar');
    expect(paths).toContain('/entrar/convite');
    for (const secret of [token, wrong, invitation, setup, email, encodeURIComponent(email)]) {
      expect(written).not.toContain(secret);
      expect(metrics.text).not.toContain(secret);
    }
  });
});
