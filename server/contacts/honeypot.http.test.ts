import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';

const contact = { name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' };
const form = 'name=Ana&email=ana%40empresa.com.br&message=Ol%C3%A1';

describe('the honeypot field', () => {
  it('gives a bot that fills it a normal 201 and stores nothing', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .send({ ...contact, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Solicitação enviada com sucesso!',
      data: { id: expect.any(String) },
    });
    expect((await repository.listContacts(1, 10)).total).toBe(0);
  });

  it.each([
    ['a number', 1],
    ['zero', 0],
    ['false', false],
    ['an array', ['http://spam.example']],
    ['an empty array', []],
    ['an object', { url: 'http://spam.example' }],
    ['an empty object', {}],
  ])('traps %s as it traps text, and stores nothing', async (_shape, website) => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .send({ ...contact, website });
    expect(res.status).toBe(201);
    expect((await repository.listContacts(1, 10)).total).toBe(0);
  });

  it('redirects a filled form post like a real one and stores nothing', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app).post('/api/contacts').type('form').send(`${form}&website=spam`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/?contato=enviado#contact');
    expect((await repository.listContacts(1, 10)).total).toBe(0);
  });

  it('traps the field sent twice in a form, even empty both times', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app).post('/api/contacts').type('form').send(`${form}&website=&website=`);
    expect(res.status).toBe(303);
    expect((await repository.listContacts(1, 10)).total).toBe(0);
  });

  it('replays the decoy’s id for the same Idempotency-Key, as a stored request would', async () => {
    const { app } = createTestApp();
    const body = { ...contact, website: 'http://spam.example' };
    const first = await request(app).post('/api/contacts').set('Idempotency-Key', 'bot-1').send(body);
    const again = await request(app).post('/api/contacts').set('Idempotency-Key', 'bot-1').send(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it.each([
    ['nothing', {}],
    ['an empty string', { website: '' }],
    ['blanks', { website: '   ' }],
    ['null, as a JSON client may send for no value', { website: null }],
  ])('lets a post through with %s in it', async (_shape, trap) => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .send({ ...contact, ...trap });
    expect(res.status).toBe(201);
    expect((await repository.listContacts(1, 10)).total).toBe(1);
  });
});
