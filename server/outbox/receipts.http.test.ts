import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testRepository } from '../../test/support/app';
import { startInstance } from '../../test/support/instance';
import { BY_TOKEN, sampleContact, sampleQuote, validContact } from '../../test/support/leads';
import { header, notReceipts, receipts, startSmtp } from '../../test/support/smtp';
import { eventually } from '../../test/support/wait';

// The visitor's automatic receipt (docs/requirements.md §9.4), through the outbox to a real SMTP server: the
// promise in plain words, nothing the visitor typed, one a day per address, none for a held post.

const visitor = {
  ...sampleContact,
  name: 'Compre Já Promoção',
  company: 'Ganhe Dinheiro Ltda',
  phone: '(11) 98888-7777',
  message: 'Clique aqui e ganhe: promoção imperdível',
};

describe('the visitor’s receipt', () => {
  it('goes to the address typed, once, with the promise and none of the words typed', async () => {
    const smtp = await startSmtp();
    const { app } = startInstance(testRepository(undefined, { channels: ['email', 'receipt'] }), smtp.url);

    await request(app).post('/api/contacts').send(visitor).expect(201);

    await eventually(() => expect(receipts(smtp.messages)).toHaveLength(1));
    const [receipt] = receipts(smtp.messages);
    expect(receipt!.recipients).toEqual([visitor.email]);
    expect(header(receipt!, 'subject')).toBe('Recebemos sua solicitação de contato · Rota Norte');
    expect(header(receipt!, 'auto-submitted')).toBe('auto-generated');
    expect(receipt!.text).toMatch(/Nossa equipe (responde em até 2 horas úteis: até .+, \d{1,2}h\d\d|vai responder)/);
    for (const typed of [visitor.name, visitor.company, visitor.phone, visitor.message, 'Compre', 'promoção'])
      expect(`${receipt!.rawHeaders}\n${receipt!.text}\n${receipt!.html}`).not.toContain(typed);
    expect(receipt!.html).toBe('');
    await eventually(() => expect(notReceipts(smtp.messages)).toHaveLength(1));
  });

  it('goes at most once a day to one address, in any letter case, whatever it sends', async () => {
    const smtp = await startSmtp();
    const repository = testRepository(undefined, { channels: ['email', 'receipt'] });
    const { app } = startInstance(repository, smtp.url);

    await request(app).post('/api/contacts').send(visitor).expect(201);
    await request(app)
      .post('/api/contacts')
      .send({ ...visitor, email: visitor.email.toUpperCase() })
      .expect(201);
    await request(app)
      .post('/api/quotes')
      .send({ ...sampleQuote, email: visitor.email })
      .expect(201);
    await request(app)
      .post('/api/contacts')
      .send({ ...visitor, email: 'outra@empresa.com.br' })
      .expect(201);

    await eventually(() => expect(notReceipts(smtp.messages)).toHaveLength(4));
    await eventually(() => expect(receipts(smtp.messages)).toHaveLength(2));
    expect(
      receipts(smtp.messages)
        .flatMap(({ recipients }) => recipients)
        .sort(),
    ).toEqual([visitor.email, 'outra@empresa.com.br'].sort());
  });

  it('is not sent for a post held in the Suspeitos folder, nor written with e-mail off', async () => {
    const mailOn = testRepository(undefined, { channels: ['email', 'receipt'] });
    const mailOff = testRepository(undefined, { channels: ['webhook'] });

    await mailOn.contacts.receiveContact(validContact(visitor), { honeypot: true, stamp: { kind: 'none' } });
    await mailOff.contacts.createContact(validContact(visitor));

    expect((await mailOn.outbox.counts()).receipt.pending).toBe(0);
    expect((await mailOff.outbox.counts()).receipt.pending).toBe(0);
    expect((await mailOff.outbox.counts()).webhook.pending).toBe(1);
  });

  it('is erased with the lead: the erasure takes its row, address and all', async () => {
    const repository = testRepository(undefined, { channels: ['email', 'receipt'] });
    const { record } = await repository.contacts.createContact(validContact(visitor));
    expect((await repository.outbox.ofLead(record.id)).map(({ kind }) => kind)).toEqual(['contact', 'lead.receipt']);

    await repository.personalData.eraseSubject(visitor.email, BY_TOKEN);

    expect(await repository.outbox.ofLead(record.id)).toEqual([]);
    expect((await repository.outbox.counts()).receipt.pending).toBe(0);
  });
});
