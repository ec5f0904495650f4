import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, tempDir, testRepository } from '../../test/support/app';
import { ADMIN_TOKEN, bearer, fullQuote, sampleContact } from '../../test/support/leads';
import { SQLITE_FILE } from '../db/sqlite';

/** An app with the admin token, a contact and a quote of Ana, and Bruno's contact; and its audit log. */
async function appWithLeads() {
  const dataDir = tempDir();
  const { app, logs } = createTestApp({ adminToken: ADMIN_TOKEN, repository: testRepository(dataDir) });
  const contact = (await request(app).post('/api/contacts').send(sampleContact).expect(201)).body.data;
  const quote = (
    await request(app)
      .post('/api/quotes')
      .send({ ...fullQuote, email: 'Ana@Empresa.com.br' })
      .expect(201)
  ).body.data;
  await request(app)
    .post('/api/contacts')
    .send({ ...sampleContact, name: 'Bruno', email: 'bruno@outra.com.br' })
    .expect(201);
  const audit = () => {
    const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE), { readOnly: true });
    try {
      return db.prepare('SELECT action, contacts, quotes, request_id FROM audit_log ORDER BY seq').all();
    } finally {
      db.close();
    }
  };
  return { app, logs, contact, quote, audit };
}

describe('/api/subjects', () => {
  it('needs the admin token and is never cached', async () => {
    const { app } = await appWithLeads();
    for (const method of ['get', 'delete'] as const) {
      const refused = await request(app)[method]('/api/subjects?email=ana@empresa.com.br');
      expect([refused.status, refused.headers['cache-control']]).toEqual([401, 'no-store']);
    }
    const disabled = await request(createTestApp().app).delete('/api/subjects?email=ana@empresa.com.br');
    expect(disabled.status).toBe(403);
  });

  it('GET returns everything stored under the address, in any letter case, and audits it by request id', async () => {
    const { app, contact, quote, audit } = await appWithLeads();

    const res = await request(app)
      .get('/api/subjects?email=ANA%40empresa.com.br')
      .set('Authorization', bearer)
      .set('X-Request-Id', 'pedido-de-acesso-1');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      message: 'Dados encontrados para este e-mail.',
      data: {
        contacts: [{ ...contact, ...sampleContact, status: 'new' }],
        quotes: [quote],
        suspects: [],
        applications: [],
        proposals: [],
        shipments: [],
      },
    });
    expect(audit()).toEqual([{ action: 'subject.access', contacts: 1, quotes: 1, request_id: 'pedido-de-acesso-1' }]);
  });

  it('DELETE erases it all, answers the counts, and leaves everyone else', async () => {
    const { app, logs, audit } = await appWithLeads();

    const res = await request(app).delete('/api/subjects?email=ana@EMPRESA.com.br').set('Authorization', bearer);

    expect(res.status).toBe(200);
    // Neither e-mail nor webhooks are on here: the backups, and the CRM to be told by hand, remain.
    expect(res.body).toEqual({
      success: true,
      message: 'Dados deste e-mail apagados do site. Ainda falta, fora dele: 2 passos (stillToDo).',
      data: {
        contacts: 1,
        quotes: 1,
        suspects: 0,
        applications: 0,
        shipments: 0,
        mailedLeads: 0,
        crmNotified: false,
        stillToDo: [
          'Os webhooks estão desligados: se algum destes leads chegou a um CRM, peça a quem cuida dele que os apague.',
          'Os backups guardam estes dados até expirarem: se restaurar um deles, elimine esta pessoa de novo.',
        ],
      },
    });
    const after = await request(app).get('/api/subjects?email=ana@empresa.com.br').set('Authorization', bearer);
    expect(after.body).toMatchObject({
      message: 'Nenhum dado guardado com este e-mail.',
      data: { contacts: [], quotes: [] },
    });
    const contacts = await request(app).get('/api/contacts').set('Authorization', bearer);
    expect(contacts.body.data.map((lead: { email: string }) => lead.email)).toEqual(['bruno@outra.com.br']);
    expect(audit()).toMatchObject([
      { action: 'subject.erasure', contacts: 1, quotes: 1 },
      { action: 'subject.access', contacts: 0, quotes: 0 },
      { action: 'leads.read' },
    ]);
    expect(JSON.stringify(logs)).not.toMatch(/empresa\.com\.br/i);
  });

  it.each([
    ['', 'Informe seu e-mail.'],
    ['?email=', 'Informe seu e-mail.'],
    ['?email=ana', 'Informe um e-mail válido, como nome@empresa.com.br.'],
    ['?email=a@b.com.br&email=c@d.com.br', 'Informe seu e-mail.'],
  ])('refuses %s with a 400 in Portuguese and touches nothing', async (query, error) => {
    const { app, audit } = await appWithLeads();
    for (const method of ['get', 'delete'] as const) {
      const res = await request(app)[method](`/api/subjects${query}`).set('Authorization', bearer);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: expect.any(String),
        message: 'Informe o e-mail do titular em ?email=, por exemplo ?email=nome@empresa.com.br.',
        errors: { email: error },
      });
    }
    expect(audit()).toEqual([]);
    expect((await request(app).get('/api/contacts').set('Authorization', bearer)).body.pagination.total).toBe(2);
  });
});
