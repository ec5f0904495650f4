import { randomInt } from 'node:crypto';
import type { RequestListener } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { addMember, codeMailedTo, teamMails } from '../../test/support/members';
import type { Repository } from '../composition/repository';

// The sign-in's limits (docs/decisions/044-sign-in-limits.md): what refuses is keyed by the client's
// address, what is keyed by the account alone only slows or spaces out e-mails, and every limit
// reserves its slot before the attempt it judges.

/** An address of its own for each client, so that no two tests share a counter. */
const anAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

const confirm = (app: RequestListener, from: string, email: string, code: string) =>
  request(app).post('/entrar/codigo/confirmar').set('X-Forwarded-For', from).type('form').send({ email, code });

const ask = (app: RequestListener, from: string, email: string) =>
  request(app).post('/entrar/codigo').set('X-Forwarded-For', from).type('form').send({ email });

describe.each(backendsForThisFile())('the sign-in’s limits, on $name', (backend) => {
  /** Behind a proxy, so that a test can speak from several addresses; e-mail on. */
  async function appWithMember(repository?: Repository) {
    const store = repository ?? (await backend.fresh({ channels: ['email'] }));
    const { app } = createTestApp({ repository: store, trustProxy: 1 });
    const member = await addMember(store, 'vendas');
    return { app, repository: store, member };
  }

  it('judges at most 20 of 80 wrong codes sent at once from one address, then 429', async () => {
    const { app } = await appWithMember();
    const from = anAddress();

    const replies = await Promise.all(
      Array.from({ length: 80 }, (_, n) => confirm(app, from, `pessoa${n}@empresa.com.br`, '000000')),
    );
    const judged = replies.filter((res) => res.status !== 429);

    expect(judged.length).toBeLessThanOrEqual(20);
    expect(judged.every((res) => res.status === 400)).toBe(true);
    const refused = replies.find((res) => res.status === 429)!;
    expect(refused.text).toContain('Muitas solicitações em pouco tempo. Tente novamente em 15 minutos.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('judges at most 20 of 300 wrong codes sent at once from one address to two replicas', async () => {
    const { app } = await appWithMember();
    const other = createTestApp({ repository: await backend.another({ channels: ['email'] }), trustProxy: 1 }).app;
    const from = anAddress();

    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, n) => confirm(n % 2 ? other : app, from, `p${n}@empresa.com.br`, '000000')),
    );

    // On SQLite each process counts its own: one process is all there is (docs/decisions/007-shared-rate-limits.md).
    const replicas = backend.name === 'SQLite' ? 2 : 1;
    expect(replies.filter((res) => res.status !== 429).length).toBeLessThanOrEqual(20 * replicas);
  });

  it('refuses one address after 10 wrong codes for one account, and not another address', async () => {
    const { app, member } = await appWithMember();
    const stranger = anAddress();

    for (let n = 0; n < 10; n++) await confirm(app, stranger, member.email, '000000').expect(400);

    await confirm(app, stranger, member.email, '000000').expect(429);
    await confirm(app, anAddress(), member.email, '000000').expect(400);
  });

  it('lets the member in with the right code after strangers failed 11 times on the account, only slower', async () => {
    const { app, member } = await appWithMember();
    const home = anAddress();
    // Ten strangers spend the account's share; the eleventh waits a second, then is judged.
    for (let n = 0; n < 10; n++) await confirm(app, anAddress(), member.email, '000000').expect(400);
    const eleventh = performance.now();
    await confirm(app, anAddress(), member.email, '000000').expect(400);
    const held = performance.now() - eleventh;
    await ask(app, home, member.email).expect(303);
    const code = await codeMailedTo(() => backend.rows('outbox'), member.email);
    const started = performance.now();

    await confirm(app, home, member.email, code).expect(303).expect('Location', '/painel/conta');

    expect(held).toBeGreaterThanOrEqual(1000);
    // The twelfth attempt on the account is held two seconds: slowed, not refused.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2000);
    const failed = (await backend.rows('audit_log')).filter((line) => line.action === 'signin.failed');
    const detail = (line: (typeof failed)[number]) =>
      typeof line.detail === 'string' ? JSON.parse(line.detail) : line.detail;
    expect(failed.map((line) => detail(line).espera)).toEqual([...Array(10).fill(undefined), 1]);
  });

  it('sends one code per account in 5 minutes, whoever asks, and says so to anyone', async () => {
    const { app, member } = await appWithMember();

    await ask(app, anAddress(), member.email).expect(303);
    const again = await ask(app, anAddress(), member.email.toUpperCase()).expect(429);
    await ask(app, anAddress(), 'ninguem@example.com').expect(303);
    const strangerAgain = await ask(app, anAddress(), 'ninguem@example.com').expect(429);

    expect(Number(again.headers['retry-after'])).toBeGreaterThan(240);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(300);
    expect(again.text).toContain('Se este endereço é da equipe, um código foi enviado a ele há menos de 5 minutos');
    expect(strangerAgain.text).toContain(
      'Se este endereço é da equipe, um código foi enviado a ele há menos de 5 minutos',
    );
    await codeMailedTo(() => backend.rows('outbox'), member.email);
    expect(teamMails(await backend.rows('outbox'))).toHaveLength(1);
  });

  it('sends codes to at most 20 accounts an hour from one address, then 429', async () => {
    const { app } = await appWithMember();
    const from = anAddress();

    for (let n = 0; n < 20; n++) await ask(app, from, `pessoa${n}@empresa.com.br`).expect(303);
    const refused = await ask(app, from, 'outra@empresa.com.br').expect(429);

    expect(refused.text).toContain('Muitas solicitações em pouco tempo. Tente novamente em 60 minutos.');
    await ask(app, anAddress(), 'outra@empresa.com.br').expect(303);
  });

  it('refuses an address after 20 dead links, but never its passkeys', async () => {
    const { app } = await appWithMember();
    const from = anAddress();
    for (let n = 0; n < 20; n++)
      await request(app).get('/entrar/convite?token=x').set('X-Forwarded-For', from).expect(410);

    await request(app).get('/entrar/convite?token=x').set('X-Forwarded-For', from).expect(429);
    await confirm(app, from, 'pessoa@empresa.com.br', '000000').expect(429);
    // A passkey's answer without its ceremony fails as such (400): the address's failures do not refuse it.
    await request(app)
      .post('/entrar/chave')
      .set('X-Forwarded-For', from)
      .send({ response: { id: 'x' } })
      .expect(400);
  });
});
