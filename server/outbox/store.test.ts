import { describe, expect, it } from 'vitest';
import { backendsForThisFile } from '../../test/support/backends';
import { fullQuote, sampleContact, validContact, validQuote } from '../../test/support/leads';
import { pending } from '../../test/support/outbox';
import { eventually } from '../../test/support/wait';
import type { Repository } from '../composition/repository';
import { CHANNELS } from '../module/messages';
import type { OutboxStore } from './store';

/** Longer than any test: what is claimed for it stays claimed. */
const LEASE_MS = 60_000;
/** A lease or delay meant to run out: the test waits for the claim that follows, not for a time. */
const MOMENT_MS = 100;

/** The next claim that succeeds, once what the test let run out has run out. */
const nextClaim = (outbox: OutboxStore) =>
  eventually(async () => {
    const claimed = await outbox.claim(LEASE_MS);
    expect(claimed).toBeDefined();
    return claimed!;
  });

/** The channels a lead's own deliveries go to; the visitor's receipt has its tests in receipts.http.test.ts. */
const LEAD_CHANNELS = CHANNELS.filter((channel) => channel !== 'receipt');

// The outbox behaves the same on every backend and in every channel: what the dispatchers rely on, said once.
describe.each(backendsForThisFile())('Outbox on $name', (backend) => {
  it('writes one row per configured channel with each lead, linked to it, each claimed only in its channel', async () => {
    const repository = await backend.fresh({ channels: LEAD_CHANNELS });
    const contact = await repository.contacts.createContact(validContact());

    const email = await repository.outbox.channel('email').claim(LEASE_MS);
    const webhook = await repository.outbox.channel('webhook').claim(LEASE_MS);

    expect(email).toMatchObject({ kind: 'contact', record: contact.record });
    expect(webhook).toMatchObject({ kind: 'contact', record: contact.record });
    expect(webhook!.id).not.toBe(email!.id);
    expect(await repository.outbox.channel('email').claim(LEASE_MS)).toBeUndefined();
    expect(await repository.outbox.channel('webhook').claim(LEASE_MS)).toBeUndefined();
    expect(await backend.rows('outbox')).toMatchObject([
      { id: email!.id, channel: 'email', lead_id: contact.record.id },
      { id: webhook!.id, channel: 'webhook', lead_id: contact.record.id },
    ]);
  });

  it('counts what waits and what was given up, per channel', async () => {
    const repository = await backend.fresh({ channels: LEAD_CHANNELS });
    await repository.contacts.createContact(validContact());
    await repository.quotes.createQuote(validQuote());
    const webhooks = repository.outbox.channel('webhook');
    await webhooks.markFailed((await webhooks.claim(LEASE_MS))!, 'HTTP 410');

    expect(await repository.outbox.counts()).toEqual({
      email: { pending: 2, failed: 0 },
      webhook: { pending: 1, failed: 1 },
      receipt: { pending: 0, failed: 0 },
    });
  });

  it('writes no row when no channel is configured', async () => {
    const repository = await backend.fresh();
    await repository.contacts.createContact(validContact());
    expect(await backend.rows('outbox')).toEqual([]);
  });

  describe.each(LEAD_CHANNELS)('in the %s channel', (channel) => {
    const on = { channels: [channel] };
    const outboxOf = (repository: Repository) => repository.outbox.channel(channel);

    it('holds one notification per new contact and quote, with the record as stored', async () => {
      const repository = await backend.fresh(on);
      const contact = await repository.contacts.createContact(validContact());
      const quote = await repository.quotes.createQuote(validQuote(fullQuote));
      if (contact.outcome !== 'created' || quote.outcome !== 'created') throw new Error('not created');

      const first = await outboxOf(repository).claim(LEASE_MS);
      const second = await outboxOf(repository).claim(LEASE_MS);

      expect(first).toMatchObject({ kind: 'contact', attempts: 1, record: { ...sampleContact, ...contact.record } });
      expect(second).toMatchObject({ kind: 'quote', attempts: 1, record: quote.record });
      expect(second!.createdAt).toBe(quote.record.createdAt);
    });

    it('writes nothing more for a replayed Idempotency-Key, nor for a held post', async () => {
      const repository = await backend.fresh(on);
      const trapped = { honeypot: true, stamp: { kind: 'ok', elapsedMs: 60_000 } } as const;
      await repository.contacts.createContact(validContact(), { key: 'k', fingerprint: 'a' });
      await repository.contacts.createContact(validContact(), { key: 'k', fingerprint: 'a' });
      await repository.contacts.receiveContact(validContact(), trapped, { key: 'k', fingerprint: 'b' });
      await repository.contacts.receiveContact(validContact(), trapped);
      expect(await pending(repository, channel)).toBe(1);
    });

    it('gives a claimed notification to no one else until its lease expires', async () => {
      const repository = await backend.fresh(on);
      await repository.contacts.createContact(validContact());
      await repository.contacts.createContact(validContact());
      await outboxOf(repository).claim(LEASE_MS);
      const lapsing = await outboxOf(repository).claim(MOMENT_MS);

      expect(await nextClaim(outboxOf(repository))).toMatchObject({ id: lapsing!.id, attempts: 2 });
      // The first claim's lease still runs.
      expect(await outboxOf(repository).claim(LEASE_MS)).toBeUndefined();
    });

    it('lets a claim whose lease expired and was taken again change nothing', async () => {
      const repository = await backend.fresh(on);
      await repository.contacts.createContact(validContact());
      const stale = await outboxOf(repository).claim(MOMENT_MS);
      const current = await nextClaim(outboxOf(repository));

      await outboxOf(repository).markSent(stale!);
      await outboxOf(repository).retryLater(stale!, 0, 'ETIMEDOUT');
      await outboxOf(repository).markFailed(stale!, 'ETIMEDOUT');

      expect(await pending(repository, channel)).toBe(1);
      expect(await outboxOf(repository).claim(LEASE_MS)).toBeUndefined();
      await outboxOf(repository).markSent(current!);
      expect(await pending(repository, channel)).toBe(0);
    });

    it('makes a notification due again only after the retry delay', async () => {
      const repository = await backend.fresh(on);
      await repository.contacts.createContact(validContact());
      await repository.contacts.createContact(validContact());
      const later = (await outboxOf(repository).claim(LEASE_MS))!;
      const soon = (await outboxOf(repository).claim(LEASE_MS))!;

      await outboxOf(repository).retryLater(later, LEASE_MS, 'ECONNREFUSED');
      await outboxOf(repository).retryLater(soon, MOMENT_MS, 'ECONNREFUSED');

      expect(await pending(repository, channel)).toBe(2);
      expect(await nextClaim(outboxOf(repository))).toMatchObject({ id: soon.id, attempts: 2 });
      expect(await outboxOf(repository).claim(LEASE_MS)).toBeUndefined();
    });

    /** A fresh store with two contacts, both claimed: one to mark sent, one to give up. */
    const claimTwo = async () => {
      const repository = await backend.fresh(on);
      await repository.contacts.createContact(validContact());
      await repository.contacts.createContact(validContact());
      const sent = (await outboxOf(repository).claim(LEASE_MS))!;
      const failed = (await outboxOf(repository).claim(LEASE_MS))!;
      return { repository, sent, failed };
    };

    it('never hands out again what was sent or given up', async () => {
      const { repository, sent, failed } = await claimTwo();

      await outboxOf(repository).markSent(sent);
      await outboxOf(repository).markFailed(failed, '550 caixa inexistente');

      expect(await outboxOf(repository).claim(LEASE_MS)).toBeUndefined();
      expect(await pending(repository, channel)).toBe(0);
    });

    it('keeps no copy of the lead once a notification is sent or given up', async () => {
      const { repository, sent, failed } = await claimTwo();
      expect(JSON.stringify(await backend.rows('outbox'))).toContain(sampleContact.email);

      await outboxOf(repository).markSent(sent);
      await outboxOf(repository).markFailed(failed, '550 caixa inexistente');

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
      for (let n = 0; n < 20; n++)
        await first.contacts.createContact(validContact({ ...sampleContact, message: `m${n}` }));

      const claims = await Promise.all(
        Array.from({ length: 30 }, (_, n) => outboxOf(n % 2 ? first : second).claim(LEASE_MS)),
      );

      const ids = claims.filter((claim) => claim !== undefined).map((claim) => claim.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
    });
  });
});
