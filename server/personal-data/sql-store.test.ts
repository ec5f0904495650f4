import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { backendsForThisFile, postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { BY_TOKEN, fullQuote, sampleContact, validContact, validQuote } from '../../test/support/leads';
import { payloadOf } from '../../test/support/outbox';
import { needs } from '../../test/support/tools';
import { CHANNELS } from '../module/messages';

const DAY = 24 * 60 * 60 * 1000;
const ana = (email: string, message = 'Olá') => validContact({ ...sampleContact, email, message });
const other = validContact({ name: 'Bruno Dias', email: 'bruno@outra.com.br', message: 'Frete para Belém' });

// What LGPD asks of the stored leads, the same on every backend (docs/requirements.md §10.17, §10.18).
describe.each(backendsForThisFile())('Personal data on $name', (backend) => {
  it('finds everything stored under an address in any letter case, newest first, and audits it without the address', async () => {
    const repository = await backend.fresh();
    const first = await repository.contacts.createContact(ana('Ana@Empresa.com.br', 'primeiro'));
    const second = await repository.contacts.createContact(ana('ana@empresa.com.br', 'segundo'));
    const quote = await repository.quotes.createQuote(validQuote({ ...fullQuote, email: 'ANA@EMPRESA.COM.BR' }));
    await repository.contacts.createContact(other);

    const found = await repository.personalData.readSubject('aNa@empresa.COM.br', {
      ...BY_TOKEN,
      requestId: 'pedido-1',
    });

    expect(found.contacts.map((contact) => contact.id)).toEqual([second.record.id, first.record.id]);
    expect(found.contacts.map((contact) => contact.message)).toEqual(['segundo', 'primeiro']);
    expect(found.quotes).toEqual([quote.record]);
    const audit = await backend.rows('audit_log');
    expect(audit).toMatchObject([{ action: 'subject.access', contacts: 2, quotes: 1, request_id: 'pedido-1' }]);
    expect(JSON.stringify(audit)).not.toMatch(/empresa/i);
  });

  it("erases a subject's leads, their outbox copies in every channel and their keys, and nothing of anyone else", async () => {
    const repository = await backend.fresh({ channels: CHANNELS });
    await repository.contacts.createContact(ana('ana@empresa.com.br'), { key: 'k-ana', fingerprint: 'f' });
    await repository.quotes.createQuote(validQuote({ ...fullQuote, email: 'Ana@Empresa.com.br' }));
    const kept = await repository.contacts.createContact(other, { key: 'k-bruno', fingerprint: 'f' });
    const email = repository.outbox.channel('email');
    await email.markSent((await email.claim(60_000))!);

    const erased = await repository.personalData.eraseSubject('ANA@empresa.com.br', {
      ...BY_TOKEN,
      requestId: 'pedido-2',
    });

    expect(erased).toMatchObject({ contacts: 1, quotes: 1, suspects: 0 });
    expect(await repository.personalData.readSubject('ana@empresa.com.br', BY_TOKEN)).toEqual({
      contacts: [],
      quotes: [],
      suspects: [],
      applications: [],
      proposals: [],
      shipments: [],
    });
    expect((await repository.contacts.listContacts(1, 10)).items.map((contact) => contact.id)).toEqual([
      kept.record.id,
    ]);
    const outbox = await backend.rows('outbox');
    // The other person's lead keeps its e-mail, its webhook and its receipt; Ana's receipt went with hers.
    expect(outbox.map((row) => row.lead_id)).toEqual([kept.record.id, kept.record.id, kept.record.id]);
    expect(JSON.stringify(outbox)).not.toMatch(/ana@/i);
    expect((await backend.rows('idempotency_keys')).map((row) => row.resource_id)).toEqual([kept.record.id]);
    expect(await backend.rows('audit_log')).toMatchObject([
      { action: 'subject.erasure', contacts: 1, quotes: 1, request_id: 'pedido-2' },
      { action: 'subject.access', contacts: 0, quotes: 0, request_id: null },
    ]);
  });

  it('shows a person the posts held as suspect under their address, and erases them with their keys and audit ids', async () => {
    const repository = await backend.fresh();
    const trapped = { honeypot: true, stamp: { kind: 'ok', elapsedMs: 60_000 } } as const;
    const held = await repository.contacts.receiveContact(ana('Ana@Empresa.com.br', 'retido'), trapped, {
      key: 'k-ana',
      fingerprint: 'f',
    });
    await repository.contacts.receiveContact(other, trapped);
    const id = held.result.record.id;
    await repository.suspects.markSpam(id, BY_TOKEN);

    const found = await repository.personalData.readSubject('ana@empresa.com.br', BY_TOKEN);
    expect(found.suspects).toEqual([
      expect.objectContaining({
        id,
        email: 'Ana@Empresa.com.br',
        message: 'retido',
        state: 'spam',
        reasons: ['honeypot', 'words'],
      }),
    ]);
    expect(await repository.personalData.eraseSubject('ANA@empresa.com.br', BY_TOKEN)).toMatchObject({
      contacts: 0,
      quotes: 0,
      suspects: 1,
    });
    expect(await repository.suspects.suspectCounts()).toEqual({ suspect: 1, spam: 0 });
    expect((await backend.rows('idempotency_keys')).map((row) => row.resource_id)).not.toContain(id);
    expect(JSON.stringify(await backend.rows('audit_log'))).not.toContain(id);
  });

  it('tells the webhook of an erasure the leads it may have had, and keeps that notice through another erasure', async () => {
    const repository = await backend.fresh({ channels: CHANNELS });
    const delivered = await repository.contacts.createContact(ana('ana@empresa.com.br'));
    const inFlight = await repository.contacts.createContact(ana('Ana@Empresa.com.br'));
    await repository.quotes.createQuote(validQuote({ ...fullQuote, email: 'ana@empresa.com.br' }));
    await repository.contacts.createContact(other);
    const webhook = repository.outbox.channel('webhook');
    await webhook.markSent((await webhook.claim(60_000))!);
    await webhook.claim(60_000);

    await repository.personalData.eraseSubject('ana@empresa.com.br', BY_TOKEN);
    await repository.personalData.eraseSubject('ANA@empresa.com.br', BY_TOKEN);

    const notices = (await backend.rows('outbox')).filter((row) => row.kind === 'subject.erased');
    expect(notices).toMatchObject([{ channel: 'webhook', status: 'pending', attempts: 0, lead_id: null }]);
    // The quote's delivery was never tried: the receiver never had it, so it is not named.
    expect(payloadOf(notices[0]!)).toEqual({
      email: 'ana@empresa.com.br',
      contacts: [delivered.record.id, inFlight.record.id],
      quotes: [],
      erasedAt: expect.any(String),
    });
  });

  it('tells no one of an erasure when webhooks are off, or when the receiver was sent none of the leads', async () => {
    const repository = await backend.fresh({ channels: CHANNELS });
    await repository.contacts.createContact(ana('ana@empresa.com.br'));
    await repository.personalData.eraseSubject('ana@empresa.com.br', BY_TOKEN);
    const withoutWebhooks = await backend.fresh({ channels: ['email'] });
    await withoutWebhooks.contacts.createContact(ana('ana@empresa.com.br'));
    await withoutWebhooks.personalData.eraseSubject('ana@empresa.com.br', BY_TOKEN);
    expect((await backend.rows('outbox')).filter((row) => row.kind === 'subject.erased')).toEqual([]);
  });

  it('erases the leads stored before the cutoff with their outbox rows and keys, and keeps the rest', async () => {
    const repository = await backend.fresh({ channels: ['email'] });
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const now = Date.now();
    vi.setSystemTime(now - 10 * DAY);
    const young = await repository.contacts.createContact(other, { key: 'k-nova', fingerprint: 'f' });
    // Written after the young one, so that its write does not delete the old key as expired.
    vi.setSystemTime(now - 400 * DAY);
    await repository.contacts.createContact(ana('ana@empresa.com.br'), { key: 'k-antiga', fingerprint: 'f' });
    await repository.quotes.createQuote(validQuote());
    vi.setSystemTime(now);

    const purged = await repository.personalData.purgeOlderThan({
      leads: new Date(now - 365 * DAY),
      suspects: new Date(now - 365 * DAY),
      applications: new Date(now - 365 * DAY),
      now: new Date(now),
    });

    expect(purged).toEqual({
      contacts: 1,
      quotes: 1,
      suspects: 0,
      applications: 0,
      outbox: 2,
      audit: 0,
      shipmentsCleared: 0,
      shipmentsExpired: 0,
    });
    expect((await repository.contacts.listContacts(1, 10)).items.map((contact) => contact.id)).toEqual([
      young.record.id,
    ]);
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(0);
    expect((await backend.rows('outbox')).map((row) => row.lead_id)).toEqual([young.record.id]);
    expect((await backend.rows('idempotency_keys')).map((row) => row.resource_id)).toEqual([young.record.id]);
    expect(await backend.rows('audit_log')).toMatchObject([
      { action: 'retention.purge', contacts: 1, quotes: 1, request_id: null },
    ]);
  });
  it('says what it leaves to the operator: the leads mailed to sales, whether the CRM was told', async () => {
    const repository = await backend.fresh({ channels: ['email', 'webhook'] });
    await repository.contacts.createContact(validContact({ ...sampleContact, email: 'ana@empresa.com.br' }));
    await repository.contacts.createContact(validContact({ ...sampleContact, email: 'ana@empresa.com.br' }));
    // Each channel sends the first lead; the second is still queued when the erasure comes.
    for (const channel of ['email', 'webhook'] as const) {
      const claim = await repository.outbox.channel(channel).claim(60_000);
      await repository.outbox.channel(channel).markSent(claim!);
    }

    const done = await repository.personalData.eraseSubject('ana@empresa.com.br', BY_TOKEN);

    expect(done).toEqual({
      contacts: 2,
      quotes: 0,
      suspects: 0,
      applications: 0,
      shipments: 0,
      mailedLeads: 1,
      crm: 'notified',
    });
  });
});

describe('the retention purge on PostgreSQL', needs('postgres'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('is left to the replica already purging: another skips its round and erases nothing', async () => {
    const repository = await store.open();
    await repository.contacts.createContact(other);
    const lock = `hashtext('site-retention:' || $1::text)`;
    // The admin pool has one connection: the session lock is taken and released on the same one.
    await store.admin.query(`SELECT pg_advisory_lock(${lock})`, [store.schema]);
    const skipped = await repository.personalData
      .purgeOlderThan({
        leads: new Date(Date.now() + DAY),
        suspects: new Date(Date.now() + DAY),
        applications: new Date(Date.now() + DAY),
        now: new Date(),
      })
      .finally(() => store.admin.query(`SELECT pg_advisory_unlock(${lock})`, [store.schema]));

    expect(skipped).toBeUndefined();
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);
    expect(
      await repository.personalData.purgeOlderThan({
        leads: new Date(Date.now() + DAY),
        suspects: new Date(Date.now() + DAY),
        applications: new Date(Date.now() + DAY),
        now: new Date(),
      }),
    ).toEqual({
      contacts: 1,
      quotes: 0,
      suspects: 0,
      applications: 0,
      outbox: 0,
      audit: 0,
      shipmentsCleared: 0,
      shipmentsExpired: 0,
    });
  });
});
