import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { backendsForThisFile } from '../../test/support/backends';
import { startInstance } from '../../test/support/instance';
import { sampleContact, validContact } from '../../test/support/leads';
import { quiet } from '../../test/support/outbox';
import { type Received, startSmtp } from '../../test/support/smtp';
import { eventually, freePort } from '../../test/support/wait';

const on = { channels: ['email'] } as const;
const lead = (n: number) => ({ ...sampleContact, message: `pedido ${n}` });
const ids = (messages: Received[]) => messages.map((message) => message.headers.get('message-id')![0]!);

describe.each(backendsForThisFile())('Notifications across processes on $name', (backend) => {
  it('after a restart, delivers what is still pending exactly once, and nothing already sent', async () => {
    const smtp = await startSmtp();
    const before = startInstance(await backend.fresh(on), smtp.url);
    await request(before.app).post('/api/contacts').send(lead(1)).expect(201);
    await eventually(() => expect(smtp.messages).toHaveLength(1));
    await before.stop(1_000);
    // A process that stored two leads and died before sending them.
    const crashed = await backend.another(on);
    await crashed.contacts.createContact(validContact(lead(2)));
    await crashed.contacts.createContact(validContact(lead(3)));

    const after = await backend.another(on);
    const restarted = startInstance(after, smtp.url);

    await eventually(() => expect(smtp.messages).toHaveLength(3));
    await quiet(after, 'email', restarted);
    expect(smtp.messages.map((message) => message.text.match(/pedido \d/)![0])).toEqual([
      'pedido 1',
      'pedido 2',
      'pedido 3',
    ]);
  });

  it('retries after a restart what failed before it', async () => {
    const port = await freePort();
    const before = startInstance(await backend.fresh(on), `smtp://127.0.0.1:${port}`);
    await request(before.app).post('/api/contacts').send(lead(1)).expect(201);
    await eventually(() => expect(before.logs.some((line) => line.attempts === 1)).toBe(true));
    await before.stop(1_000);

    const smtp = await startSmtp({ port });
    const after = await backend.another(on);
    const restarted = startInstance(after, smtp.url);

    await eventually(() => expect(smtp.messages).toHaveLength(1));
    await quiet(after, 'email', restarted);
    expect(smtp.messages).toHaveLength(1);
  });

  it('delivers each notification once when two instances share the database', async () => {
    const smtp = await startSmtp();
    const shared = await backend.fresh(on);
    const first = startInstance(shared, smtp.url);
    const second = startInstance(await backend.another(on), smtp.url);

    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        request((n % 2 ? first : second).app)
          .post('/api/contacts')
          .send(lead(n))
          .expect(201),
      ),
    );

    await eventually(() => expect(smtp.messages).toHaveLength(20));
    await quiet(shared, 'email', first, second);
    expect(smtp.messages).toHaveLength(20);
    expect(new Set(ids(smtp.messages)).size).toBe(20);
    const senders = [first, second].map(
      ({ logs }) => logs.filter((line) => line.msg === 'notificação por e-mail enviada').length,
    );
    expect(senders[0]! + senders[1]!).toBe(20);
  });
});
