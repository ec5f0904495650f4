import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contactForm } from '../../shared/content';
import { createTestApp } from '../../test/support/app';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the contact form posted without JavaScript', () => {
  it('stores the request and answers 303 back to the page', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .type('form')
      .send(form({ name: 'Ana Lúcia', email: 'ana@empresa.com.br', phone: '', company: '', message: 'Frete de 45 t' }));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/?contato=enviado#contact');
    const [stored] = (await repository.contacts.listContacts(1, 10)).items;
    expect(stored).toMatchObject({ name: 'Ana Lúcia', email: 'ana@empresa.com.br', message: 'Frete de 45 t' });
    expect(stored).not.toHaveProperty('phone');
  });

  it('answers the same post again with the same key with the 303 and Idempotent-Replayed, storing it once', async () => {
    const { app, repository } = createTestApp();
    const post = () =>
      request(app)
        .post('/api/contacts')
        .type('form')
        .set('Idempotency-Key', 'formulario-1')
        .send(form({ name: 'Ana', email: 'ana@empresa.com.br', message: 'Frete de 45 t' }));
    const first = await post();
    const again = await post();
    expect([first.status, first.headers['idempotent-replayed']]).toEqual([303, undefined]);
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([303, 'true']);
    expect(again.headers.location).toBe(first.headers.location);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);
  });

  it('shows the confirmation inside the form on the page it lands on', async () => {
    const { app } = createTestApp();
    const res = await request(app).get('/?contato=enviado');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(
      new RegExp(`<div class="contact-form__status" role="status">.*${contactForm.successTitle}`),
    );
  });

  it('answers invalid input with the page, status 400, errors beside the fields and values kept', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .type('form')
      .send(form({ name: 'José <b>', email: 'jose@', company: 'Frios & Cia', message: '' }));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain('value="José &lt;b&gt;"');
    expect(res.text).toContain('value="jose@"');
    expect(res.text).toContain('value="Frios &amp; Cia"');
    expect(res.text).toContain('Informe um e-mail válido');
    expect(res.text).toContain('Informe uma mensagem.');
    expect(res.text).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]+-erro"/);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  });

  it('answers a form over 16 KB, refused from its declared length, with the page, status 413', async () => {
    const { app, repository } = createTestApp();
    const res = await request(app)
      .post('/api/contacts')
      .type('form')
      .send(form({ name: 'Ana', email: 'ana@empresa.com.br', message: 'Frete de 45 t. '.repeat(2_000) }));
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('role="alert">O conteúdo enviado excede o limite de 16 KB.</p>');
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  });

  it('honours an Idempotency-Key sent with the form', async () => {
    const { app, repository } = createTestApp();
    const body = form({ name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' });
    await request(app).post('/api/contacts').set('Idempotency-Key', 'form-1').type('form').send(body);
    const again = await request(app).post('/api/contacts').set('Idempotency-Key', 'form-1').type('form').send(body);
    expect(again.status).toBe(303);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);
  });
});

describe('line breaks in the message', () => {
  it('are stored as LF whether the browser posted CRLF or a script sent LF', async () => {
    const { app, repository } = createTestApp();
    await request(app)
      .post('/api/contacts')
      .type('form')
      .send(form({ name: 'A', email: 'a@b.com.br', message: 'linha 1\r\nlinha 2\rlinha 3' }));
    await request(app)
      .post('/api/contacts')
      .send({ name: 'B', email: 'b@b.com.br', message: 'linha 1\nlinha 2\nlinha 3' });
    const { items } = await repository.contacts.listContacts(1, 10);
    expect(items.map((contact) => contact.message)).toEqual(['linha 1\nlinha 2\nlinha 3', 'linha 1\nlinha 2\nlinha 3']);
  });
});
