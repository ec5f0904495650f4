import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, testRepository } from '../../test/support/app';
import { validContact } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';

// Issue 33 §3: an admin exports and erases from the panel, and the audit names that admin.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };

describe('an admin’s exports and erasures from the panel', () => {
  it('downloads the contacts as CSV, recorded under the admin’s name; vendas gets 403', async () => {
    const { app, repository } = createTestApp();
    await repository.contacts.createContact(
      validContact({ name: 'Cliente', message: 'Frete SP-Manaus', email: 'cliente@empresa.com.br' }),
    );
    const admin = await signedInMember(repository, 'admin');
    const seller = await signedInMember(repository, 'vendas');

    const csv = await request(app).get('/painel/dados/contatos.csv').set('Cookie', admin.cookie).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.text).toContain('cliente@empresa.com.br');
    const [line] = await repository.audit.readAudit({ limit: 1 });
    expect(line).toMatchObject({ action: 'leads.exported', actor: admin.member.email, actorId: admin.member.id });

    const refused = await request(app).get('/painel/dados/contatos.csv').set('Cookie', seller.cookie).expect(403);
    expect(refused.text).toContain('Esta área é só para a administração do site.');
    expect(refused.text).not.toContain('cliente@empresa.com.br');
  });

  it('erases a person’s leads after the confirmation, and audits the erasure under the admin’s name', async () => {
    const { app, repository } = createTestApp();
    await repository.contacts.createContact(
      validContact({ name: 'Titular', message: 'Frete SP-Belém', email: 'Titular@Empresa.com.br' }),
    );
    const admin = await signedInMember(repository, 'admin');
    const post = (body: object) =>
      request(app).post('/painel/dados/eliminar').set(SAME_SITE).set('Cookie', admin.cookie).type('form').send(body);

    const unconfirmed = await post({ email: 'titular@empresa.com.br' }).expect(400);
    expect(unconfirmed.text).toContain('Marque a confirmação: os dados serão apagados de vez.');
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);

    const done = await post({ email: 'titular@empresa.com.br', confirmo: 'sim' }).expect(200);
    expect(done.text).toContain(
      'Apagados do site: 1 contato, 0 cotações, 0 envios retidos e 0 candidaturas com currículo de ' +
        'titular@empresa.com.br, com as entregas ainda',
    );
    expect(done.text).toContain('Ainda falta, fora do site:');
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
    const [line] = await repository.audit.readAudit({ limit: 1 });
    expect(line).toMatchObject({ action: 'subject.erasure', actor: admin.member.email });

    // From another site, a valid session is not enough (SameSite aside, Sec-Fetch-Site says so).
    await request(app)
      .post('/painel/dados/eliminar')
      .set({ 'Sec-Fetch-Site': 'cross-site' })
      .set('Cookie', admin.cookie)
      .type('form')
      .send({ email: 'titular@empresa.com.br', confirmo: 'sim' })
      .expect(403);
  });

  it('says, once done, what the site could not erase: the mails sales received, and the backups', async () => {
    const repository = testRepository(undefined, { channels: ['email'] });
    const { app } = createTestApp({ repository });
    await repository.contacts.createContact(
      validContact({ name: 'Titular', message: 'Frete', email: 'titular@empresa.com.br' }),
    );
    const claim = await repository.outbox.channel('email').claim(60_000);
    await repository.outbox.channel('email').markSent(claim!);
    const admin = await signedInMember(repository, 'admin');

    const done = await request(app)
      .post('/painel/dados/eliminar')
      .set(SAME_SITE)
      .set('Cookie', admin.cookie)
      .type('form')
      .send({ email: 'titular@empresa.com.br', confirmo: 'sim' })
      .expect(200);

    expect(done.text).toContain('Ainda falta, fora do site:');
    expect(done.text).toContain(
      'A caixa de vendas (LEADS_TO) recebeu 1 e-mail de aviso destes leads: procure titular@empresa.com.br em cada caixa, apague as mensagens, esvazie a lixeira',
    );
    expect(done.text).toContain('Os backups guardam estes dados até expirarem');
    expect(done.text).not.toContain('CRM foi avisado');
  });
});
