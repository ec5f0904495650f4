import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactFields } from '../../shared/contact';
import { backendsForThisFile } from '../../test/support/backends';
import { BY_TOKEN, validContact } from '../../test/support/leads';
import type { Repository } from '../repository';
import type { ClientSignals } from './signals';

const person: ClientSignals = { honeypot: false, stamp: { kind: 'ok', elapsedMs: 90_000 } };
const autofilled: ClientSignals = { ...person, honeypot: true };
const post = (message: string, email = 'ana@empresa.com.br'): ContactFields =>
  validContact({ name: 'Ana', email, message }) as ContactFields;
const SEO = 'Coloco seu site na primeira pagina do Google com SEO e backlinks, orcamento sem compromisso';
const FREIGHT = 'Preciso de cotacao de frete de Guarulhos para Manaus, carreta bau, 24 pallets de eletronicos';

const reasonsOf = async (repository: Repository, fields: ContactFields, client = person) => {
  const { verdict } = await repository.contacts.receiveContact(fields, client);
  return Object.fromEntries(verdict!.findings.map((finding) => [finding.reason, finding.weight]));
};

describe.each(backendsForThisFile())('the judge and what marks teach, on $name', (backend) => {
  afterEach(() => vi.useRealTimers());

  it('holds the same long message from a third address within the hour, not after it', async () => {
    const repository = await backend.fresh();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-30T12:00:00Z');
    const message = 'Sua empresa foi selecionada para receber credito de ate R$ 250.000 sem consulta ao Serasa';
    vi.setSystemTime(start);
    expect(await reasonsOf(repository, post(message, 'a@x.com.br'))).toEqual({});
    vi.setSystemTime(start + 10 * 60_000);
    expect(await reasonsOf(repository, post(`${message}!!`, 'b@x.com.br'))).toEqual({ repeated: 0.5 });
    // The same sender again is no other address.
    expect(await reasonsOf(repository, post(message, 'B@x.com.br'))).toEqual({ repeated: 0.5 });
    vi.setSystemTime(start + 50 * 60_000);
    const third = await repository.contacts.receiveContact(post(message, 'c@x.com.br'), person);
    expect(third.verdict).toMatchObject({ suspect: true, findings: [{ reason: 'repeated', weight: 1 }] });
    vi.setSystemTime(start + 3 * 60 * 60_000);
    expect(await reasonsOf(repository, post(message, 'd@x.com.br'))).toEqual({});
    // A short message repeats by chance.
    await repository.contacts.receiveContact(post('Quero uma cotacao', 'e@x.com.br'), person);
    await repository.contacts.receiveContact(post('Quero uma cotacao', 'f@x.com.br'), person);
    expect(await reasonsOf(repository, post('Quero uma cotacao', 'g@x.com.br'))).toEqual({});
  });

  it('fades a signal the team keeps overruling: released autofilled customers stop being held', async () => {
    const repository = await backend.fresh();
    for (let n = 0; n < 6; n++) {
      const { result, verdict } = await repository.contacts.receiveContact(post(`${FREIGHT} ${n}`), autofilled);
      expect(verdict!.suspect, `post ${n}`).toBe(true);
      expect(await repository.suspects.releaseSuspect(result.record.id, BY_TOKEN)).toBe('released');
    }
    const { verdict } = await repository.contacts.receiveContact(post(FREIGHT), autofilled);
    // 1.5 × 2 × (0 + 5) / (0 + 6 + 10)
    expect(verdict).toMatchObject({ suspect: false, findings: [{ reason: 'honeypot', weight: 0.94 }] });
  });

  it('weighs words once the team has marked five of each, and takes back a spam mark on release', async () => {
    const repository = await backend.fresh();
    const spamIds: string[] = [];
    for (let n = 0; n < 5; n++) {
      const { result, verdict } = await repository.contacts.receiveContact(post(`${SEO} ${n}`), autofilled);
      expect(verdict, `post ${n}`).toMatchObject({ suspect: true });
      spamIds.push(result.record.id);
      expect(await repository.suspects.markSpam(result.record.id, BY_TOKEN)).toBe('marked');
    }
    expect(await reasonsOf(repository, post(SEO))).toEqual({});
    for (let n = 0; n < 5; n++) {
      const { result } = await repository.contacts.receiveContact(post(`${FREIGHT} ${n}`), person);
      const lead = await repository.inbox.getLead(result.record.id);
      await repository.inbox.changeLead(result.record.id, lead!.work.version, { status: 'contacted' }, BY_TOKEN);
    }
    const seo = await repository.contacts.receiveContact(post(`Ola! ${SEO}`), person);
    expect(seo.verdict).toMatchObject({ suspect: true, findings: [{ reason: 'words', weight: 1 }] });
    expect((await reasonsOf(repository, post(FREIGHT))).words).toBe(-0.15);
    // A second mark or release of the same post does nothing more.
    expect(await repository.suspects.markSpam(spamIds[0]!, BY_TOKEN)).toBe('already');
    expect(await repository.suspects.releaseSuspect(spamIds[0]!, BY_TOKEN)).toBe('released');
    expect(await repository.suspects.releaseSuspect(spamIds[0]!, BY_TOKEN)).toBe('gone');
    expect(await repository.suspects.markSpam(spamIds[0]!, BY_TOKEN)).toBe('gone');
  });

  it('releases a held post into the contact it would have been, with its arrival time, queued once', async () => {
    const repository = await backend.fresh({ channels: ['email', 'webhook'] });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-30T12:00:00Z'));
    const { result, verdict } = await repository.contacts.receiveContact(post(FREIGHT), autofilled);
    expect(verdict).toMatchObject({ suspect: true });
    expect(await backend.rows('outbox')).toEqual([]);
    vi.setSystemTime(Date.parse('2026-12-01T12:00:00Z'));
    const both = await Promise.all([
      repository.suspects.releaseSuspect(result.record.id, BY_TOKEN),
      (await backend.another({ channels: ['email', 'webhook'] })).suspects.releaseSuspect(result.record.id, BY_TOKEN),
    ]);
    expect(both.sort()).toEqual(['gone', 'released']);
    const contact = (await repository.contacts.listContacts(1, 10)).items[0];
    expect(contact).toMatchObject({ id: result.record.id, createdAt: '2026-11-30T12:00:00.000Z', message: FREIGHT });
    expect((await backend.rows('outbox')).map((row) => [row.channel, row.lead_id])).toEqual([
      ['email', result.record.id],
      ['webhook', result.record.id],
    ]);
    expect(await repository.suspects.suspectCounts()).toEqual({ suspect: 0, spam: 0 });
  });

  /** How many marked posts the filter has learnt from, each way. */
  const postsLearnt = async () => {
    const row = (await backend.rows('spam_counts')).find(({ kind }) => kind === 'posts');
    return { spam: Number(row?.spam ?? 0), ham: Number(row?.ham ?? 0) };
  };

  it('learns a released post as a real lead once: not again when the team first takes it out of Novo', async () => {
    const repository = await backend.fresh();
    const { result } = await repository.contacts.receiveContact(post(FREIGHT), autofilled);
    expect(await repository.suspects.releaseSuspect(result.record.id, BY_TOKEN)).toBe('released');
    const lead = await repository.inbox.getLead(result.record.id);
    await repository.inbox.changeLead(result.record.id, lead!.work.version, { status: 'contacted' }, BY_TOKEN);

    expect(await postsLearnt()).toEqual({ spam: 0, ham: 1 });
  });

  it('takes back a released post’s real-lead mark when the team then moves it to spam', async () => {
    const repository = await backend.fresh();
    const { result } = await repository.contacts.receiveContact(post(FREIGHT), autofilled);
    await repository.suspects.releaseSuspect(result.record.id, BY_TOKEN);
    expect(await repository.suspects.moveToSpam(result.record.id, BY_TOKEN)).toBe('marked');

    expect(await postsLearnt()).toEqual({ spam: 1, ham: 0 });
  });
});
