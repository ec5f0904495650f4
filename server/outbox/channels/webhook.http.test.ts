import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testRepository } from '../../../test/support/app';
import { fastWebhookTiming, startWebhookInstance } from '../../../test/support/instance';
import { bearer, fullQuote, sampleContact } from '../../../test/support/leads';
import { pending } from '../../../test/support/outbox';
import { eventually, freePort } from '../../../test/support/wait';
import { startWebhookReceiver, webhookTo } from '../../../test/support/webhooks';

const on = { channels: ['webhook'] } as const;

/** An instance with webhooks on, posting to `url`, and a contact stored through it. */
async function instanceWithContact(url: string, timing = fastWebhookTiming) {
  const stored = testRepository(undefined, on);
  const instance = startWebhookInstance(stored, webhookTo(url), timing);
  await request(instance.app).post('/api/contacts').send(sampleContact).expect(201);
  return { stored, ...instance };
}

/** Log lines of one outcome. */
const lines = (logs: Record<string, unknown>[], msg: string) => logs.filter((line) => line.msg === msg);

describe('webhooks', () => {
  it('posts each new contact and quote once, signed, with the lead as the API lists it', async () => {
    const receiver = await startWebhookReceiver();
    const { app, logs } = startWebhookInstance(testRepository(undefined, on), webhookTo(receiver.url));

    await request(app).post('/api/contacts').send(sampleContact).expect(201);
    await request(app).post('/api/quotes').send(fullQuote).expect(201);

    await eventually(() => expect(receiver.deliveries).toHaveLength(2));
    expect(receiver.rejected).toEqual([]);
    const [contact] = (await request(app).get('/api/contacts').set('Authorization', bearer)).body.data;
    const [quote] = (await request(app).get('/api/quotes').set('Authorization', bearer)).body.data;
    expect(receiver.deliveries.map(({ body }) => body)).toEqual([
      { type: 'contact.created', timestamp: contact.createdAt, data: contact },
      { type: 'quote.created', timestamp: quote.createdAt, data: quote },
    ]);
    const [first] = receiver.deliveries;
    expect(first!.request).toMatchObject({ method: 'POST', url: '/webhooks/leads' });
    expect(first!.request.headers['content-type']).toBe('application/json');
    expect(first!.request.headers['user-agent']).toBe('Site Transportadora Rota Norte (+https://www.rotanorte.com.br)');
    expect(Math.abs(Number(first!.request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    await eventually(() => expect(lines(logs, 'webhook entregue')).toHaveLength(2));
    expect(lines(logs, 'webhook entregue').map((line) => line.notificationId)).toEqual(
      receiver.deliveries.map((delivery) => delivery.id),
    );
  });

  it('posts the lead byte for byte, its keys in the order the API has always listed them', async () => {
    const receiver = await startWebhookReceiver();
    const { app } = startWebhookInstance(testRepository(undefined, on), webhookTo(receiver.url));
    const source = { form: 'contato', page: '/', utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'frete-norte' };
    const contact = { ...sampleContact, phone: '(91) 3222-1100', company: 'Bebidas do Norte', source };
    const { id, createdAt } = (await request(app).post('/api/contacts').send(contact).expect(201)).body.data;
    const quote = (await request(app).post('/api/quotes').send(fullQuote).expect(201)).body.data;

    await eventually(() => expect(receiver.deliveries).toHaveLength(2));

    const { name, email, phone, company, message } = contact;
    const { origin, destination, cargoType, weightTons, vehicle, pickupDate, notes } = fullQuote;
    expect(receiver.deliveries.map((delivery) => delivery.request.body)).toEqual([
      JSON.stringify({
        type: 'contact.created',
        timestamp: createdAt,
        data: { id, status: 'new', name, email, phone, company, message, createdAt, source },
      }),
      JSON.stringify({
        type: 'quote.created',
        timestamp: quote.createdAt,
        data: {
          id: quote.id,
          status: 'new',
          createdAt: quote.createdAt,
          ...{ name: fullQuote.name, email: fullQuote.email, phone: fullQuote.phone, company: fullQuote.company },
          origin: { city: origin.city, state: origin.state },
          destination: { city: destination.city, state: destination.state },
          // An industry sent as cargoType (the first API's body) is also the segment (docs/requirements.md §3.2).
          ...{ cargoType, segment: cargoType, weightTons, vehicle, pickupDate, notes },
        },
      }),
    ]);
  });

  it('retries a receiver that answers 503, with the same webhook-id, until it answers 2xx', async () => {
    let calls = 0;
    const receiver = await startWebhookReceiver({ answer: () => ({ status: ++calls === 1 ? 503 : 200 }) });
    const { stored, logs } = await instanceWithContact(receiver.url);

    await eventually(() => expect(lines(logs, 'webhook entregue')).toHaveLength(1));
    const [failed, delivered] = receiver.deliveries;
    expect(delivered!.id).toBe(failed!.id);
    expect(delivered!.request.body).toBe(failed!.request.body);
    expect(lines(logs, 'webhook não entregue: nova tentativa agendada')).toEqual([
      expect.objectContaining({ channel: 'webhook', notificationId: failed!.id, attempts: 1, responseCode: 503 }),
    ]);
    expect(lines(logs, 'webhook entregue')).toEqual([expect.objectContaining({ attempts: 2 })]);
    expect(await pending(stored, 'webhook')).toBe(0);
  });

  it('keeps a lead whose receiver is down, and delivers it once the receiver is back', async () => {
    const port = await freePort();
    const { logs } = await instanceWithContact(`http://127.0.0.1:${port}/webhooks/leads`);
    await eventually(() => expect(logs.some((line) => line.code === 'ECONNREFUSED')).toBe(true));

    const receiver = await startWebhookReceiver({ port });

    await eventually(() => expect(receiver.deliveries).toHaveLength(1));
    await eventually(() => expect(lines(logs, 'webhook entregue')).toHaveLength(1));
    expect(receiver.deliveries[0]!.body.data).toMatchObject(sampleContact);
  });

  it('counts a receiver silent past the timeout as a failure, and tries again', async () => {
    let calls = 0;
    const receiver = await startWebhookReceiver({
      answer: async () => {
        if (++calls === 1) await sleep(1_000);
        return { status: 204 };
      },
    });
    const { logs } = await instanceWithContact(receiver.url, { ...fastWebhookTiming, timeoutMs: 200 });

    await eventually(() => expect(lines(logs, 'webhook entregue')).toHaveLength(1));
    expect(lines(logs, 'webhook não entregue: nova tentativa agendada')).toEqual([
      expect.objectContaining({ attempts: 1, code: 'TIMEOUT' }),
    ]);
  });

  it('does not follow a redirect: the delivery is retried where it was configured', async () => {
    const elsewhere = await startWebhookReceiver();
    const redirecting = await startWebhookReceiver({
      answer: () => ({ status: 307, headers: { Location: elsewhere.url } }),
    });
    const { logs } = await instanceWithContact(redirecting.url);

    await eventually(() =>
      expect(lines(logs, 'webhook não entregue: nova tentativa agendada').length).toBeGreaterThanOrEqual(2),
    );
    expect(elsewhere.deliveries).toEqual([]);
    expect(lines(logs, 'webhook não entregue: nova tentativa agendada')[0]).toMatchObject({ responseCode: 307 });
  });

  it('gives up after the limit, counting it failed, and logs ids and codes only', async () => {
    const receiver = await startWebhookReceiver({ answer: () => ({ status: 500, body: sampleContact }) });
    const { stored, logs } = await instanceWithContact(receiver.url, { ...fastWebhookTiming, giveUpAfterMs: 0 });

    await eventually(() => expect(lines(logs, 'webhook abandonado: não foi entregue no prazo')).toHaveLength(1));
    expect(lines(logs, 'webhook abandonado: não foi entregue no prazo')[0]).toMatchObject({
      level: 'error',
      channel: 'webhook',
      notificationId: receiver.deliveries[0]!.id,
      responseCode: 500,
    });
    expect(await stored.outbox.counts()).toMatchObject({ webhook: { pending: 0, failed: 1 } });
    expect(JSON.stringify(logs)).not.toMatch(/Ana Souza|ana@empresa|São Paulo/);
  });
});
