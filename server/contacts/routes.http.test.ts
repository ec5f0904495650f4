import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { UUID } from '../../test/support/leads';

const valid = { name: 'Ana Souza', email: 'ana@empresa.com.br', message: 'Preciso de frete São Paulo → Manaus.' };

const post = (app: Parameters<typeof request>[0]) => request(app).post('/api/contacts');

describe.each(backendsForThisFile())('contacts on $name', (backend) => {
  const freshApp = async () => createTestApp({ repository: await backend.fresh() });

  describe('POST /api/contacts with JSON', () => {
    it('stores the request and answers 201 with its id and UTC creation time', async () => {
      const { app, repository } = await freshApp();
      const res = await post(app).send(valid);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        message: 'Solicitação enviada com sucesso!',
        data: {
          id: expect.stringMatching(UUID),
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      });
      const { items } = await repository.contacts.listContacts(1, 10);
      expect(items).toEqual([{ ...valid, id: res.body.data.id, status: 'new', createdAt: res.body.data.createdAt }]);
    });

    it('trims values and leaves empty optional fields out', async () => {
      const { app, repository } = await freshApp();
      await post(app).send({
        name: '  Ana  ',
        email: ' ana@empresa.com.br ',
        phone: '   ',
        company: '',
        message: ' Olá ',
      });
      const [stored] = (await repository.contacts.listContacts(1, 10)).items;
      expect(stored).toEqual({
        id: expect.any(String),
        status: 'new',
        createdAt: expect.any(String),
        name: 'Ana',
        email: 'ana@empresa.com.br',
        message: 'Olá',
      });
    });

    it('keeps the optional phone and company when given', async () => {
      const { app, repository } = await freshApp();
      await post(app).send({ ...valid, phone: '+55 (11) 91234-5678', company: 'Bebidas do Norte Ltda.' });
      const [stored] = (await repository.contacts.listContacts(1, 10)).items;
      expect(stored).toMatchObject({ phone: '+55 (11) 91234-5678', company: 'Bebidas do Norte Ltda.' });
    });

    it('ignores unknown fields and never stores them', async () => {
      const { app, repository } = await freshApp();
      const res = await post(app).send({ ...valid, isAdmin: true, id: 'mine', createdAt: '1999-01-01' });
      expect(res.status).toBe(201);
      const [stored] = (await repository.contacts.listContacts(1, 10)).items;
      expect(stored).not.toHaveProperty('isAdmin');
      expect(stored?.id).toBe(res.body.data.id);
      expect(stored?.createdAt).not.toBe('1999-01-01');
    });

    it.each([
      ['name', { ...valid, name: '   ' }, 'Informe seu nome.'],
      ['name', { ...valid, name: 'a'.repeat(121) }, 'Use no máximo 120 caracteres.'],
      ['email', { ...valid, email: 'ana@' }, 'Informe um e-mail válido, como nome@empresa.com.br.'],
      ['email', { ...valid, email: `${'a'.repeat(250)}@x.com` }, 'Use no máximo 254 caracteres.'],
      ['phone', { ...valid, phone: 'liga pra mim' }, 'Use apenas números, espaços e os sinais + ( ) - .'],
      ['phone', { ...valid, phone: '1'.repeat(31) }, 'Use no máximo 30 caracteres.'],
      ['company', { ...valid, company: 'c'.repeat(161) }, 'Use no máximo 160 caracteres.'],
      ['message', { ...valid, message: '' }, 'Informe uma mensagem.'],
      ['message', { ...valid, message: 'm'.repeat(5001) }, 'Use no máximo 5000 caracteres.'],
      ['message', { ...valid, message: 'nul\u0000byte' }, 'Contém caracteres inválidos.'],
      ['name', { ...valid, name: 42 }, 'Informe seu nome.'],
    ])('rejects an invalid %s with 400 and a Portuguese message for that field', async (field, body, message) => {
      const { app, repository } = await freshApp();
      const res = await post(app).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: expect.any(String),
        message: expect.any(String),
        errors: { [field]: message },
      });
      expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
    });

    it('reports every missing required field at once', async () => {
      const { app } = await freshApp();
      const res = await post(app).send({});
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['name', 'email', 'message']);
    });

    it('rejects a JSON body that is not an object', async () => {
      const { app } = await freshApp();
      const res = await post(app).set('Content-Type', 'application/json').send('[1,2]');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, errors: { body: expect.any(String) } });
    });

    it('answers malformed JSON with 400 JSON, never a stack or HTML', async () => {
      const { app } = await freshApp();
      const res = await post(app).set('Content-Type', 'application/json').send('{"name": "Ana",');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        success: false,
        code: expect.any(String),
        message: 'JSON malformado: verifique o corpo da requisição.',
      });
    });

    it.each(['text/plain', 'application/xml', 'multipart/form-data; boundary=x'])(
      'answers %s with 415',
      async (type) => {
        const { app } = await freshApp();
        const res = await post(app).set('Content-Type', type).send('name=Ana');
        expect(res.status).toBe(415);
        expect(res.body).toMatchObject({
          success: false,
          code: expect.any(String),
          message: expect.stringContaining('application/json'),
        });
      },
    );

    it('answers a post without a body with 415', async () => {
      const { app } = await freshApp();
      const res = await post(app);
      expect(res.status).toBe(415);
    });

    // A form's 413 is a page (form-pages.http.test.ts).
    it.each(['application/json', 'text/plain'])('answers a %s body over 16 KB with 413 JSON', async (type) => {
      const { app, repository } = await freshApp();
      const big =
        type === 'application/json'
          ? JSON.stringify({ ...valid, message: 'x'.repeat(17_000) })
          : `message=${'x'.repeat(17_000)}`;
      const res = await post(app).set('Content-Type', type).send(big);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        success: false,
        code: expect.any(String),
        message: 'O conteúdo enviado excede o limite de 16 KB.',
      });
      expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
    });
  });

  describe('where a contact came from', () => {
    const campaign = { form: 'contato', page: '/', utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'frete-norte' };

    it('stores the source the island sends, on both backends', async () => {
      const { app, repository } = await freshApp();
      await post(app)
        .send({ ...valid, source: campaign })
        .expect(201);
      const [stored] = (await repository.contacts.listContacts(1, 10)).items;
      expect(stored).toEqual({
        ...valid,
        id: expect.any(String),
        status: 'new',
        createdAt: expect.any(String),
        source: campaign,
      });
    });

    it('leaves out a part that breaks its rules, or a source that is no object, and stores the lead all the same', async () => {
      const { app, repository } = await freshApp();
      const broken = {
        form: 'contato\u0000',
        page: 'https://outro.example/',
        utmSource: 'x'.repeat(201),
        utmMedium: 7,
      };
      await post(app)
        .send({ ...valid, source: { ...broken, utmCampaign: ' frete ' } })
        .expect(201);
      await post(app)
        .send({ ...valid, source: 'google' })
        .expect(201);
      await post(app)
        .send({ ...valid, source: broken })
        .expect(201);
      const sources = (await repository.contacts.listContacts(1, 10)).items.map((contact) => contact.source);
      expect(sources).toEqual([undefined, undefined, { utmCampaign: 'frete' }]);
    });

    it('reads a form’s source from the Referer of one of its own pages, and names the form alone without one', async () => {
      const { app, repository } = await freshApp();
      const form = 'name=Ana+Souza&email=ana%40empresa.com.br&message=Ol%C3%A1';
      await post(app)
        .type('form')
        .set('Referer', 'http://localhost:3000/?utm_source=google&utm_medium=cpc&utm_campaign=frete-norte&email=x')
        .send(form)
        .expect(303);
      // Another site's Referer on a post without Origin is refused before this (server/http/cross-site.ts).
      await post(app).type('form').send(form).expect(303);
      const sources = (await repository.contacts.listContacts(1, 10)).items.map((contact) => contact.source);
      expect(sources).toEqual([{ form: 'contato' }, campaign]);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the original reply for a repeated key and stores nothing new', async () => {
      const { app, repository } = await freshApp();
      const key = '6f1c2a7e-0d7b-4f7e-9a51-1c2d3e4f5a6b';
      const first = await post(app).set('Idempotency-Key', key).send(valid);
      const second = await post(app).set('Idempotency-Key', key).send(valid);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);
    });

    it('stores one row when the same key arrives many times at once', async () => {
      const { app, repository } = await freshApp();
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => post(app).set('Idempotency-Key', 'k-1').send(valid)),
      );
      expect(new Set(replies.map((reply) => reply.body.data.id)).size).toBe(1);
      expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);
    });

    it('stores other content sent with a key already used as another request: no 422 tells that it was', async () => {
      const { app, repository } = await freshApp();
      const first = await post(app).set('Idempotency-Key', 'k-2').send(valid);
      const res = await post(app)
        .set('Idempotency-Key', 'k-2')
        .send({ ...valid, message: 'Outra mensagem' });
      expect(res.status).toBe(201);
      expect(res.body.data.id).not.toBe(first.body.data.id);
      expect((await repository.contacts.listContacts(1, 10)).total).toBe(2);
    });

    it('rejects a malformed key', async () => {
      const { app } = await freshApp();
      const res = await post(app).set('Idempotency-Key', 'x'.repeat(256)).send(valid);
      expect(res.status).toBe(400);
    });

    it('stores two rows for two submissions without a key', async () => {
      const { app, repository } = await freshApp();
      await post(app).send(valid);
      await post(app).send(valid);
      expect((await repository.contacts.listContacts(1, 10)).total).toBe(2);
    });
  });

  describe('storage', () => {
    it('keeps a request across a restart, byte for byte', async () => {
      const first = await freshApp();
      const sent = {
        name: 'João Ávila 🚚',
        email: 'joao@transporte.com.br',
        company: 'Açaí & Cia',
        message: 'Carga de 28 t — Belém → Campinas 😀\nObrigado!',
      };
      const res = await post(first.app).send(sent);
      await first.repository.close();

      const reopened = await backend.another();
      const { items } = await reopened.contacts.listContacts(1, 10);
      expect(items).toEqual([{ ...sent, id: res.body.data.id, status: 'new', createdAt: res.body.data.createdAt }]);
    });
  });

  describe('GET /health', () => {
    it('answers 503 when the database does not answer', async () => {
      const { app, repository } = await freshApp();
      await repository.close();
      const res = await request(app).get('/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable' });
    });
  });
});
