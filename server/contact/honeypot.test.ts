import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';

const contact = { name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' };

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

  it('redirects a filled form post like a real one and stores nothing', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .type('form')
      .send('name=Ana&email=a%40b.com&message=x&website=spam');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/?contato=enviado#contact');
    expect((await repository.listContacts(1, 10)).total).toBe(0);
  });

  it('lets an empty honeypot through', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .send({ ...contact, website: '' });
    expect(res.status).toBe(201);
    expect((await repository.listContacts(1, 10)).total).toBe(1);
  });
});
