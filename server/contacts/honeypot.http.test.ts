import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import type { Repository } from '../composition/repository';

const contact = { name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' };
const form = 'name=Ana&email=ana%40empresa.com.br&message=Ol%C3%A1';

/**
 * What the folder holds: no lead, and each held post with the honeypot among its reasons (docs/requirements.md §10.9).
 */
async function held(repository: Repository) {
  expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  const suspects = await repository.suspects.listSuspects('suspect', 10);
  for (const suspect of suspects) expect(suspect.findings.map((finding) => finding.reason)).toContain('honeypot');
  return suspects;
}

describe('the honeypot field', () => {
  it('gives a post that fills it a normal 201 and holds it in Suspeitos, not lost', async () => {
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
    const [suspect] = await held(repository);
    expect(suspect).toMatchObject({ id: res.body.data.id, fields: contact });
  });

  it.each([
    ['a number', 1],
    ['zero', 0],
    ['false', false],
    ['an array', ['http://spam.example']],
    ['an empty array', []],
    ['an object', { url: 'http://spam.example' }],
    ['an empty object', {}],
  ])('traps %s as it traps text, and holds the post', async (_shape, website) => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .send({ ...contact, website });
    expect(res.status).toBe(201);
    expect(await held(repository)).toHaveLength(1);
  });

  it('redirects a filled form post like a real one and holds it', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app).post('/api/contacts').type('form').send(`${form}&website=spam`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/?contato=enviado#contact');
    expect(await held(repository)).toHaveLength(1);
  });

  it('traps the field sent twice in a form, even empty both times', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app).post('/api/contacts').type('form').send(`${form}&website=&website=`);
    expect(res.status).toBe(303);
    expect(await held(repository)).toHaveLength(1);
  });

  it('replays the held post’s id for the same Idempotency-Key, as a stored request would', async () => {
    const { app, repository } = createTestApp();
    const body = { ...contact, website: 'http://spam.example' };
    const first = await request(app).post('/api/contacts').set('Idempotency-Key', 'bot-1').send(body);
    const again = await request(app).post('/api/contacts').set('Idempotency-Key', 'bot-1').send(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await held(repository)).toHaveLength(1);
  });

  it('answers a filled post with invalid fields as it answers anyone’s, and holds nothing', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .send({ ...contact, email: 'ana@', website: 'http://spam.example' });
    expect(res.status).toBe(400);
    expect(await held(repository)).toHaveLength(0);
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
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);
  });
});
