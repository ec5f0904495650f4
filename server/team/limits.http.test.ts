import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, testRepository } from '../../test/support/app';

// Issue 33 §5: code requests and failed sign-ins are limited per account and per address.

// Behind a proxy, so that a test can speak from several addresses.
const appWithMail = () =>
  createTestApp({ repository: testRepository(undefined, { channels: ['email'] }), trustProxy: 1 }).app;

describe('the sign-in’s limits', () => {
  it('sends at most 5 codes an hour to one account, then 429 with Retry-After', async () => {
    const app = appWithMail();
    for (let sent = 0; sent < 5; sent++)
      await request(app).post('/entrar/codigo').type('form').send({ email: 'bruno@rotanorte.com.br' }).expect(303);
    const refused = await request(app)
      .post('/entrar/codigo')
      .type('form')
      .send({ email: 'BRUNO@rotanorte.com.br' })
      .expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.text).toContain('Muitas solicitações em pouco tempo. Tente novamente em 60 minutos.');
    // Another account from the same address still gets its code.
    await request(app).post('/entrar/codigo').type('form').send({ email: 'ana@rotanorte.com.br' }).expect(303);
  });

  it('refuses an address after 20 failed sign-ins in 15 minutes, right code or not', async () => {
    const app = appWithMail();
    for (let tried = 0; tried < 20; tried++)
      await request(app)
        .post('/entrar/codigo/confirmar')
        .type('form')
        .send({ email: `pessoa${tried}@empresa.com.br`, code: '000000' })
        .expect(400);
    const refused = await request(app)
      .post('/entrar/codigo/confirmar')
      .type('form')
      .send({ email: 'outra@empresa.com.br', code: '123456' })
      .expect(429);
    expect(refused.text).toContain('Muitas solicitações em pouco tempo. Tente novamente em 15 minutos.');
    // Links too: a guessed token is a failed sign-in.
    await request(app).get('/entrar/convite?token=x').expect(429);
  });

  it('refuses an account after 10 failed codes, from any address', async () => {
    const app = appWithMail();
    for (let tried = 0; tried < 10; tried++)
      await request(app)
        .post('/entrar/codigo/confirmar')
        .set('X-Forwarded-For', `10.0.0.${tried}`)
        .type('form')
        .send({ email: 'bruno@rotanorte.com.br', code: '000000' })
        .expect(400);
    await request(app)
      .post('/entrar/codigo/confirmar')
      .type('form')
      .send({ email: 'bruno@rotanorte.com.br', code: '000000' })
      .expect(429);
  });
});
