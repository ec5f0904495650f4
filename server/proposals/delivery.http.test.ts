import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testRepository } from '../../test/support/app';
import { storeQuote } from '../../test/support/inbox';
import { startInstance, startWebhookInstance } from '../../test/support/instance';
import { signedInMember } from '../../test/support/members';
import { dayFromToday, propose } from '../../test/support/proposals';
import { header, startSmtp } from '../../test/support/smtp';
import { eventually } from '../../test/support/wait';
import { startWebhookReceiver, webhookTo } from '../../test/support/webhooks';

// A proposal's deliveries through the real peers (docs/requirements.md §9.6): the customer's e-mail from the quote's
// page to an SMTP server, its link followed to the answer, the owner's notice, and the signed
// quote.accepted webhook.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };

describe('a proposal’s deliveries', () => {
  it('mails the customer the offer and its link; the acceptance mails the seller who took it and confirms to the customer', async () => {
    const smtp = await startSmtp();
    const repository = testRepository(undefined, { channels: ['email'] });
    const { app } = startInstance(repository, smtp.url);
    const seller = await signedInMember(repository, 'vendas');
    const quoteId = await storeQuote(repository, { company: 'Bebidas do Norte' });

    await request(app)
      .post(`/painel/leads/${quoteId}/proposta`)
      .set(SAME_SITE)
      .set('Cookie', seller.cookie)
      .type('form')
      .send({
        chave: randomUUID(),
        preco: '4.850',
        seguro: 'sim',
        inclui: 'descarga',
        validade: dayFromToday(5),
        coleta_de: dayFromToday(2),
        coleta_ate: dayFromToday(2),
        prazo_entrega: '7',
      })
      .expect(303);
    await eventually(() =>
      expect(smtp.messages.some((m) => m.recipients.includes('carlos@bebidasdonorte.com.br'))).toBe(true),
    );
    const offer = smtp.messages.find((m) => m.recipients.includes('carlos@bebidasdonorte.com.br'))!;
    expect(header(offer, 'subject')).toBe('Proposta de frete Campinas/SP → Belém/PA · Rota Norte');
    expect(header(offer, 'reply-to')).toBe(seller.member.email);
    expect(offer.text).toContain('Olá, Carlos Lima!');
    expect(offer.text).toContain('Preço: R$ 4.850,00');
    expect(offer.text).toContain('Inclui: seguro da carga; descarga');
    const link = new URL(/http:\/\/\S+\/proposta\/\S+/.exec(offer.text)![0]);

    await request(app).get(link.pathname).expect(200);
    await request(app)
      .post(`${link.pathname}/aceitar`)
      .set(SAME_SITE)
      .type('form')
      .send({ aceito_por: 'carlos@bebidasdonorte.com.br' })
      .expect(303);

    // The seller took the quote nobody owned by sending it (§9.6): the notice is theirs; the customer
    // gets the confirmation of their answer, Reply-To the seller.
    await eventually(() =>
      expect(smtp.messages.filter((m) => m.recipients.includes(seller.member.email))).toHaveLength(1),
    );
    const notice = smtp.messages.find((m) => header(m, 'subject')?.includes('aceitou'))!;
    await eventually(() =>
      expect(smtp.messages.filter((m) => m.recipients.includes('carlos@bebidasdonorte.com.br'))).toHaveLength(2),
    );
    const receipt = smtp.messages.find((m) => header(m, 'subject')?.startsWith('Proposta aceita'))!;
    expect(header(receipt, 'reply-to')).toBe(seller.member.email);
    expect(receipt.text).toContain('Nossa equipe entra em contato para combinar a coleta.');
    expect(header(notice, 'subject')).toBe('Carlos Lima aceitou a proposta Campinas/SP → Belém/PA');
    expect(notice.text).toContain('Aceita por: carlos@bebidasdonorte.com.br');
    expect(notice.text).toContain(`/painel/leads/${quoteId}`);
  });

  it('posts quote.accepted once, signed, with the quote won and the proposal accepted', async () => {
    const receiver = await startWebhookReceiver();
    const repository = testRepository(undefined, { channels: ['webhook'] });
    const { app } = startWebhookInstance(repository, webhookTo(receiver.url));
    const { member } = await signedInMember(repository, 'vendas');
    const quoteId = await storeQuote(repository, {});
    const { token, proposal } = await propose(repository, quoteId, member);

    await request(app).post(`/proposta/${token}/aceitar`).set(SAME_SITE).type('form').send({ aceito_por: 'Carlos' });
    await request(app).post(`/proposta/${token}/aceitar`).set(SAME_SITE).type('form').send({ aceito_por: 'Carlos' });

    await eventually(() =>
      expect(receiver.deliveries.map((d) => d.body.type).filter((type) => type === 'quote.accepted')).toHaveLength(1),
    );
    expect(receiver.rejected).toEqual([]);
    const accepted = receiver.deliveries.find((d) => d.body.type === 'quote.accepted')!;
    expect(accepted.body.data).toMatchObject({
      quote: { id: quoteId, status: 'won' },
      proposal: { id: proposal.id, priceCents: 485_000, acceptedBy: 'Carlos', validUntil: proposal.validUntil },
    });
    expect(receiver.deliveries.map((d) => d.body.type)).toContain('quote.updated');
  });
});
