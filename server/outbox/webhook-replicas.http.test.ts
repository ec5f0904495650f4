import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { backendsForThisFile } from '../../test/support/backends';
import { startWebhookInstance } from '../../test/support/instance';
import { sampleContact } from '../../test/support/leads';
import { quiet } from '../../test/support/outbox';
import { eventually, freePort } from '../../test/support/wait';
import { startWebhookReceiver, webhookTo } from '../../test/support/webhooks';

const on = { channels: ['webhook'] } as const;
const lead = (n: number) => ({ ...sampleContact, message: `pedido ${n}` });

describe.each(backendsForThisFile())('Webhooks across processes on $name', (backend) => {
  it('delivers each lead once when two instances share the database', async () => {
    const receiver = await startWebhookReceiver();
    const webhook = webhookTo(receiver.url);
    const shared = await backend.fresh(on);
    const first = startWebhookInstance(shared, webhook);
    const second = startWebhookInstance(await backend.another(on), webhook);

    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        request((n % 2 ? first : second).app)
          .post('/api/contacts')
          .send(lead(n))
          .expect(201),
      ),
    );

    await eventually(() => expect(receiver.deliveries).toHaveLength(20));
    await quiet(shared, 'webhook', first, second);
    expect(receiver.deliveries).toHaveLength(20);
    expect(receiver.rejected).toEqual([]);
    expect(new Set(receiver.deliveries.map((delivery) => delivery.id)).size).toBe(20);
    expect(new Set(receiver.deliveries.map((delivery) => delivery.body.data.id))).toEqual(
      new Set(replies.map((reply) => reply.body.data.id)),
    );
  });

  it('after a restart, delivers once what the receiver could not take before it', async () => {
    const port = await freePort();
    const webhook = webhookTo(`http://127.0.0.1:${port}/webhooks/leads`);
    const before = startWebhookInstance(await backend.fresh(on), webhook);
    await request(before.app).post('/api/contacts').send(lead(1)).expect(201);
    await request(before.app).post('/api/contacts').send(lead(2)).expect(201);
    // Each lead refused at least once; the retries go on meanwhile, so the count of refusals does not settle.
    const refused = () =>
      new Set(before.logs.filter((line) => line.code === 'ECONNREFUSED').map((line) => line.notificationId));
    await eventually(() => expect(refused().size).toBe(2));
    await before.stop(1_000);

    const receiver = await startWebhookReceiver({ port });
    const after = await backend.another(on);
    const restarted = startWebhookInstance(after, webhook);

    await eventually(() => expect(receiver.deliveries).toHaveLength(2));
    await quiet(after, 'webhook', restarted);
    // In either order: the two retries back off apart, so the second lead may be due first.
    expect(receiver.deliveries.map((delivery) => delivery.body.data.message).sort()).toEqual(['pedido 1', 'pedido 2']);
  });
});
