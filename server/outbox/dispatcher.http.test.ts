import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testRepository } from '../../test/support/app';
import { fastTiming, startInstance } from '../../test/support/instance';
import { sampleContact, validContact } from '../../test/support/leads';
import { pending } from '../../test/support/outbox';
import { startSmtp } from '../../test/support/smtp';
import { eventually, freePort } from '../../test/support/wait';
import { defaultTiming, notificationRetryDelay } from './dispatcher';

describe('notificationRetryDelay', () => {
  it('waits 30 s after the first failure, doubling up to 1 h', () => {
    const delays = [1, 2, 3, 4, 7, 8, 50].map((attempts) => notificationRetryDelay(attempts, defaultTiming) / 1000);
    expect(delays).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });
});

describe('the dispatcher', () => {
  it('gives up once the notification is older than the limit, logging its id and nothing personal', async () => {
    const port = await freePort();
    const stored = testRepository(undefined, { channels: ['email'] });
    const { app, logs } = startInstance(stored, `smtp://127.0.0.1:${port}`, { ...fastTiming, giveUpAfterMs: 0 });

    await request(app).post('/api/contacts').send(sampleContact).expect(201);

    await eventually(() => expect(logs.filter((line) => line.level === 'error')).toHaveLength(1));
    const error = logs.find((line) => line.level === 'error')!;
    expect(error).toEqual(expect.objectContaining({ notificationId: expect.any(String), attempts: 1 }));
    expect(JSON.stringify(error)).not.toMatch(/Ana Souza|ana@empresa/);
    expect(await pending(stored)).toBe(0);
    expect(await stored.outbox.channel('email').claim(1_000)).toBeUndefined();
  });

  it('on stop, finishes the send in progress and leaves the rest pending', async () => {
    let release = () => {};
    let started = () => {};
    const sending = new Promise<void>((resolve) => (started = resolve));
    const smtp = await startSmtp({
      onMessage: () => {
        started();
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    const stored = testRepository(undefined, { channels: ['email'] });
    for (let n = 1; n <= 3; n++)
      await stored.contacts.createContact(validContact({ ...sampleContact, message: `pedido ${n}` }));
    const { stop } = startInstance(stored, smtp.url);
    await sending;

    const stopped = stop(5_000);
    setTimeout(() => release(), 100);
    await stopped;

    expect(smtp.messages).toHaveLength(1);
    expect(await pending(stored)).toBe(2);
  });

  it('on stop, waits no longer than it is given for a send that hangs', async () => {
    let started = () => {};
    const sending = new Promise<void>((resolve) => (started = resolve));
    const hung = new Promise<void>(() => {});
    const smtp = await startSmtp({
      onMessage: () => {
        started();
        return hung;
      },
    });
    const stored = testRepository(undefined, { channels: ['email'] });
    await stored.contacts.createContact(validContact());
    const { stop } = startInstance(stored, smtp.url);
    await sending;

    const begin = Date.now();
    await stop(100);

    expect(Date.now() - begin).toBeLessThan(1_000);
    expect(smtp.messages).toHaveLength(0);
  });
});
