import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { backendsForThisFile } from '../../test/support/backends';
import { fullQuote, ISO_INSTANT, sampleContact, UUID, validContact, validQuote } from '../../test/support/leads';

const key = (name: string, fingerprint = 'f-1') => ({ key: name, fingerprint });
const HOUR = 60 * 60 * 1000;

// The same behaviour from every backend: what the API relies on, said once.
describe.each(backendsForThisFile())('Repository on $name', (backend) => {
  it('stores a contact and lists it with the id and time it answered', async () => {
    const repository = await backend.fresh();
    const result = await repository.contacts.createContact(validContact());
    expect(result).toEqual({
      outcome: 'created',
      record: { id: expect.stringMatching(UUID), createdAt: expect.stringMatching(ISO_INSTANT) },
    });
    const { items, total } = await repository.contacts.listContacts(1, 10);
    expect(total).toBe(1);
    expect(items).toEqual([
      { ...sampleContact, status: 'new', ...(result.outcome === 'created' ? result.record : {}) },
    ]);
  });

  it('stores a quote and answers the whole record, new, equal to what it reads back', async () => {
    const repository = await backend.fresh();
    const result = await repository.quotes.createQuote(validQuote(fullQuote));
    if (result.outcome !== 'created') throw new Error(result.outcome);
    expect(result.record).toEqual({
      ...fullQuote,
      id: expect.stringMatching(UUID),
      status: 'new',
      createdAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(await repository.quotes.getQuote(result.record.id)).toEqual(result.record);
    expect((await repository.quotes.listQuotes(1, 10)).items).toEqual([result.record]);
  });

  it('leaves absent optional quote fields out instead of storing nulls or empty strings', async () => {
    const repository = await backend.fresh();
    const result = await repository.quotes.createQuote(
      validQuote({ ...fullQuote, phone: ' ', company: '', notes: '   ' }),
    );
    if (result.outcome !== 'created') throw new Error(result.outcome);
    const stored = await repository.quotes.getQuote(result.record.id);
    expect(stored).not.toHaveProperty('phone');
    expect(stored).not.toHaveProperty('company');
    expect(stored).not.toHaveProperty('notes');
    expect(stored).toEqual(result.record);
  });

  it('finds no quote for an unknown id', async () => {
    const repository = await backend.fresh();
    expect(await repository.quotes.getQuote('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('lists newest first and pages with a total that counts every row', async () => {
    const repository = await backend.fresh();
    for (let n = 1; n <= 25; n++)
      await repository.contacts.createContact(validContact({ ...sampleContact, message: `mensagem ${n}` }));
    const first = await repository.contacts.listContacts(1, 10);
    const last = await repository.contacts.listContacts(3, 10);
    expect(first.items.map((item) => item.message)).toEqual(Array.from({ length: 10 }, (_, i) => `mensagem ${25 - i}`));
    expect(last.items.map((item) => item.message)).toEqual([
      'mensagem 5',
      'mensagem 4',
      'mensagem 3',
      'mensagem 2',
      'mensagem 1',
    ]);
    expect(await repository.contacts.listContacts(4, 10)).toEqual({ items: [], total: 25 });
    expect(last.total).toBe(25);
  });

  it('reads every row newest first in batches of the size asked, and none stored after it began', async () => {
    const repository = await backend.fresh();
    for (let n = 1; n <= 25; n++)
      await repository.contacts.createContact(validContact({ ...sampleContact, message: `mensagem ${n}` }));
    const batches: string[][] = [];

    for await (const batch of repository.contacts.contactBatches(() => 10)) {
      batches.push(batch.map((contact) => contact.message));
      if (batches.length === 1)
        await repository.contacts.createContact(validContact({ ...sampleContact, message: 'depois' }));
    }

    expect(batches.map((batch) => batch.length)).toEqual([10, 10, 5]);
    expect(batches.flat()).toEqual(Array.from({ length: 25 }, (_, i) => `mensagem ${25 - i}`));
    const quotes: unknown[][] = [];
    await repository.quotes.createQuote(validQuote(fullQuote));
    for await (const batch of repository.quotes.quoteBatches(() => 1)) quotes.push(batch);
    expect(quotes).toEqual([[(await repository.quotes.listQuotes(1, 1)).items[0]]]);
  });

  it('replays the first result for a repeated key, whole quote included', async () => {
    const repository = await backend.fresh();
    const first = await repository.quotes.createQuote(validQuote(fullQuote), key('k-1'));
    const again = await repository.quotes.createQuote(validQuote(fullQuote), key('k-1'));
    expect(first.outcome).toBe('created');
    expect(again).toEqual({ outcome: 'replayed', record: first.outcome === 'created' ? first.record : undefined });
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(1);
  });

  it('takes a key reused with other content for another write, so no key tells of another client', async () => {
    const repository = await backend.fresh();
    const first = await repository.contacts.createContact(validContact(), key('k-2', 'a'));
    const other = await repository.contacts.createContact(validContact(), key('k-2', 'b'));
    expect([first.outcome, other.outcome]).toEqual(['created', 'created']);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(2);
  });

  it('stores no client key as it was sent, only its hash with the content', async () => {
    const repository = await backend.fresh();
    await repository.contacts.createContact(validContact(), key('chave-do-cliente'));
    const rows = await backend.rows('idempotency_keys');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('chave-do-cliente');
  });

  it('replays a key for 24 hours, then deletes it at the next write and stores anew', async () => {
    const repository = await backend.fresh();
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const start = Date.now();
    const first = await repository.contacts.createContact(validContact(), key('k-5'));
    vi.setSystemTime(start + 24 * HOUR - 1000);
    expect((await repository.contacts.createContact(validContact(), key('k-5'))).outcome).toBe('replayed');
    await repository.contacts.createContact(validContact(), key('k-6'));

    vi.setSystemTime(start + 24 * HOUR + 1000);
    const later = await repository.contacts.createContact(validContact());
    expect((await backend.rows('idempotency_keys')).map((row) => row.key)).toHaveLength(1);
    const again = await repository.contacts.createContact(validContact(), key('k-5'));
    expect(again.outcome).toBe('created');
    expect([first, later].map(({ record }) => record.id)).not.toContain(again.record.id);
  });

  it('holds a suspect post apart under its key, replays its answer, and stores no lead', async () => {
    const repository = await backend.fresh();
    const trapped = { honeypot: true, stamp: { kind: 'ok', elapsedMs: 60_000 } } as const;
    const held = await repository.contacts.receiveContact(validContact(), trapped, key('k-7'));
    expect(held.verdict).toMatchObject({
      suspect: true,
      findings: expect.arrayContaining([{ reason: 'honeypot', weight: 1.5 }]),
    });
    expect(held.result).toEqual({
      outcome: 'created',
      record: { id: expect.stringMatching(UUID), createdAt: expect.stringMatching(ISO_INSTANT) },
    });
    expect(await repository.contacts.receiveContact(validContact(), trapped, key('k-7'))).toEqual({
      result: { ...held.result, outcome: 'replayed' },
      verdict: undefined,
    });
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
    expect((await repository.suspects.listSuspects('suspect', 10)).map((suspect) => suspect.id)).toEqual([
      held.result.record.id,
    ]);
  });

  it('keeps keys apart per endpoint', async () => {
    const repository = await backend.fresh();
    expect((await repository.contacts.createContact(validContact(), key('same'))).outcome).toBe('created');
    expect((await repository.quotes.createQuote(validQuote(), key('same'))).outcome).toBe('created');
  });

  it('stores one row when one key arrives many times at once', async () => {
    const repository = await backend.fresh();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => repository.quotes.createQuote(validQuote(), key('k-3'))),
    );
    const ids = new Set(results.map((result) => result.record.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1);
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(1);
  });

  it('loses nothing of 200 concurrent inserts', async () => {
    const repository = await backend.fresh();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        n % 2
          ? repository.contacts.createContact(validContact({ ...sampleContact, message: `m${n}` }))
          : repository.quotes.createQuote(validQuote()),
      ),
    );
    expect(results.every((result) => result.outcome === 'created')).toBe(true);
    const contacts = await repository.contacts.listContacts(1, 100);
    const quotes = await repository.quotes.listQuotes(1, 100);
    expect([contacts.total, quotes.total]).toEqual([100, 100]);
    expect(new Set([...contacts.items, ...quotes.items].map((item) => item.id)).size).toBe(200);
  });

  it('keeps each page consistent with its total while writes go on', async () => {
    const repository = await backend.fresh();
    const writes = Promise.all(Array.from({ length: 60 }, () => repository.quotes.createQuote(validQuote())));
    const pages = await Promise.all(Array.from({ length: 30 }, () => repository.quotes.listQuotes(1, 100)));
    await writes;
    for (const { items, total } of pages) expect(items).toHaveLength(total);
    expect((await repository.quotes.listQuotes(1, 100)).total).toBe(60);
  });

  it('lets a second instance read what the first wrote, and the other way round', async () => {
    const first = await backend.fresh();
    const second = await backend.another();
    const contact = await first.contacts.createContact(validContact());
    const quote = await second.quotes.createQuote(validQuote(fullQuote));
    if (contact.outcome !== 'created' || quote.outcome !== 'created') throw new Error('not created');
    expect((await second.contacts.listContacts(1, 10)).items.map((item) => item.id)).toEqual([contact.record.id]);
    expect(await first.quotes.getQuote(quote.record.id)).toEqual(quote.record);
  });

  it('shares idempotency keys between instances', async () => {
    const first = await backend.fresh();
    const second = await backend.another();
    const created = await first.contacts.createContact(validContact(), key('k-4'));
    expect(await second.contacts.createContact(validContact(), key('k-4'))).toEqual({
      ...created,
      outcome: 'replayed',
    });
  });

  it('keeps what it stored after a restart, byte for byte', async () => {
    const first = await backend.fresh();
    const sent = {
      name: 'João Ávila 🚚',
      email: 'joao@transporte.com.br',
      company: 'Açaí & Cia',
      message: 'Carga de 28 t — Belém → Campinas 😀\nObrigado!',
    };
    await first.contacts.createContact(validContact(sent));
    await first.close();
    const reopened = await backend.another();
    expect((await reopened.contacts.listContacts(1, 10)).items).toEqual([
      { ...sent, id: expect.any(String), status: 'new', createdAt: expect.any(String) },
    ]);
  });

  it('answers ping while open', async () => {
    const repository = await backend.fresh();
    await expect(repository.ping()).resolves.toBeUndefined();
  });
});
