import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testRepository } from '../../test/support/app';
import { startWebhookInstance } from '../../test/support/instance';
import { bearer, fullQuote, sampleContact } from '../../test/support/leads';
import { eventually, freePort } from '../../test/support/wait';
import { startWebhookReceiver, webhookTo } from '../../test/support/webhooks';

// LGPD art. 18 §6 (docs/requirements.md §10.17): whoever the leads were shared with is told of
// their erasure. The CRM hears of it through the outbox, as of a lead: signed, retried, and so
// even when it is down at the moment of the erasure.

const EMAIL = 'titular@empresa.com.br';
const failures = (logs: Record<string, unknown>[]) =>
  logs.filter((line) => line.msg === 'webhook não entregue: nova tentativa agendada');

describe('an erasure told to the webhook', () => {
  it('reaches a receiver that was down when it happened, signed, naming the leads it had and the address', async () => {
    const port = await freePort();
    const before = await startWebhookReceiver({ port });
    const { app, logs } = startWebhookInstance(
      testRepository(undefined, { channels: ['webhook'] }),
      webhookTo(`http://127.0.0.1:${port}/webhooks/leads`),
    );
    const post = (path: string, body: object) => request(app).post(path).send(body).expect(201);
    const contacts = [await post('/api/contacts', { ...sampleContact, email: EMAIL })];
    contacts.push(await post('/api/contacts', { ...sampleContact, email: 'Titular@Empresa.com.br' }));
    const quote = await post('/api/quotes', { ...fullQuote, email: EMAIL });
    await post('/api/contacts', { ...sampleContact, email: 'outra@empresa.com.br' });
    await eventually(() => expect(before.deliveries).toHaveLength(4));

    // The outage: the receiver goes away, the person's data is erased meanwhile.
    await before.close();
    await request(app).delete(`/api/subjects?email=${EMAIL}`).set('Authorization', bearer).expect(200);
    await eventually(() => expect(failures(logs).length).toBeGreaterThanOrEqual(2));
    const after = await startWebhookReceiver({ port });

    await eventually(() => expect(after.deliveries).toHaveLength(1));
    expect(after.rejected).toEqual([]);
    const [notice] = after.deliveries;
    expect(notice!.body).toEqual({
      type: 'subject.erased',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        email: EMAIL,
        contacts: contacts.map((reply) => reply.body.data.id),
        quotes: [quote.body.data.id],
      },
    });
    expect(failures(logs).every((line) => line.notificationId === notice!.id && line.code === 'ECONNREFUSED')).toBe(
      true,
    );
    await eventually(() =>
      expect(logs.filter((line) => line.msg === 'webhook entregue').at(-1)).toMatchObject({
        notificationId: notice!.id,
        kind: 'subject.erased',
      }),
    );
    expect(JSON.stringify(logs)).not.toMatch(/titular@/i);
  });
});
