import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { backendsForThisFile } from '../../test/support/backends';
import { fullQuote, sampleContact, validContact, validQuote } from '../../test/support/leads';

const LEASE_MS = 60_000;
const on = { notifications: true };

// The outbox behaves the same on every backend: what the dispatcher relies on, said once.
describe.each(backendsForThisFile())('Outbox on $name', (backend) => {
  it('holds one notification per new contact and quote, with the record as stored', async () => {
    const repository = await backend.fresh(on);
    const contact = await repository.createContact(validContact());
    const quote = await repository.createQuote(validQuote(fullQuote));
    if (contact.outcome !== 'created' || quote.outcome !== 'created') throw new Error('not created');

    const first = await repository.outbox.claim(LEASE_MS);
    const second = await repository.outbox.claim(LEASE_MS);

    expect(first).toMatchObject({ kind: 'contact', attempts: 1, record: { ...sampleContact, ...contact.record } });
    expect(second).toMatchObject({ kind: 'quote', attempts: 1, record: quote.record });
    expect(second!.createdAt).toBe(quote.record.createdAt);
  });

  it('writes no notification when notifications are off', async () => {
    const repository = await backend.fresh();
    await repository.createContact(validContact());
    expect(await repository.outbox.pending()).toBe(0);
  });

  it('writes nothing more for a replayed Idempotency-Key, nor for a trapped post', async () => {
    const repository = await backend.fresh(on);
    await repository.createContact(validContact(), { key: 'k', fingerprint: 'a' });
    await repository.createContact(validContact(), { key: 'k', fingerprint: 'a' });
    await repository.trapContact({ key: 'k', fingerprint: 'b' });
    await repository.trapContact();
    expect(await repository.outbox.pending()).toBe(1);
  });

  it('gives a claimed notification to no one else until its lease expires', async () => {
    const repository = await backend.fresh(on);
    await repository.createContact(validContact());
    const claimed = await repository.outbox.claim(200);

    expect(await repository.outbox.claim(LEASE_MS)).toBeUndefined();
    await sleep(250);
    expect(await repository.outbox.claim(LEASE_MS)).toMatchObject({ id: claimed!.id, attempts: 2 });
  });

  it('lets a claim whose lease expired and was taken again change nothing', async () => {
    const repository = await backend.fresh(on);
    await repository.createContact(validContact());
    const stale = await repository.outbox.claim(200);
    await sleep(250);
    const current = await repository.outbox.claim(LEASE_MS);

    await repository.outbox.markSent(stale!);
    await repository.outbox.retryLater(stale!, 0, 'ETIMEDOUT');
    await repository.outbox.markFailed(stale!, 'ETIMEDOUT');

    expect(await repository.outbox.pending()).toBe(1);
    expect(await repository.outbox.claim(LEASE_MS)).toBeUndefined();
    await repository.outbox.markSent(current!);
    expect(await repository.outbox.pending()).toBe(0);
  });

  it('makes a notification due again only after the retry delay', async () => {
    const repository = await backend.fresh(on);
    await repository.createContact(validContact());
    const claimed = await repository.outbox.claim(LEASE_MS);

    await repository.outbox.retryLater(claimed!, 200, 'ECONNREFUSED');

    expect(await repository.outbox.claim(LEASE_MS)).toBeUndefined();
    expect(await repository.outbox.pending()).toBe(1);
    await sleep(250);
    expect(await repository.outbox.claim(LEASE_MS)).toMatchObject({ id: claimed!.id, attempts: 2 });
  });

  /** A fresh store with two contacts, both claimed: one to mark sent, one to give up. */
  const claimTwo = async () => {
    const repository = await backend.fresh(on);
    await repository.createContact(validContact());
    await repository.createContact(validContact());
    const sent = (await repository.outbox.claim(LEASE_MS))!;
    const failed = (await repository.outbox.claim(LEASE_MS))!;
    return { repository, sent, failed };
  };

  it('never hands out again what was sent or given up', async () => {
    const { repository, sent, failed } = await claimTwo();

    await repository.outbox.markSent(sent);
    await repository.outbox.markFailed(failed, '550 caixa inexistente');

    expect(await repository.outbox.claim(LEASE_MS)).toBeUndefined();
    expect(await repository.outbox.pending()).toBe(0);
  });

  it('keeps no copy of the lead once a notification is sent or given up', async () => {
    const { repository, sent, failed } = await claimTwo();
    expect(JSON.stringify(await backend.rows('outbox'))).toContain(sampleContact.email);

    await repository.outbox.markSent(sent);
    await repository.outbox.markFailed(failed, '550 caixa inexistente');

    const rows = await backend.rows('outbox');
    expect(rows).toMatchObject([
      { id: sent.id, status: 'sent', attempts: 1 },
      { id: failed.id, status: 'failed', attempts: 1, last_error: '550 caixa inexistente' },
    ]);
    for (const value of [sampleContact.name, sampleContact.email, sampleContact.message])
      expect(JSON.stringify(rows)).not.toContain(value);
  });

  it('hands each notification to one claimant when two instances claim at once', async () => {
    const first = await backend.fresh(on);
    const second = await backend.another(on);
    for (let n = 0; n < 20; n++) await first.createContact(validContact({ ...sampleContact, message: `m${n}` }));

    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, n) => (n % 2 ? first : second).outbox.claim(LEASE_MS)),
    );

    const ids = claims.filter((claim) => claim !== undefined).map((claim) => claim.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });
});
