import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactFields } from '../../shared/contact';
import { backendsForThisFile } from '../../test/support/backends';
import { BY_TOKEN, validContact } from '../../test/support/leads';
import type { Repository } from '../composition/repository';
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

/** The signals alone, without the words' weight (which the prior gives every post). */
const signalsOf = async (repository: Repository, fields: ContactFields, client = person) => {
  const { words: _words, ...signals } = await reasonsOf(repository, fields, client);
  return signals;
};

describe.each(backendsForThisFile())('the judge and what marks teach, on $name', (backend) => {
  afterEach(() => vi.useRealTimers());

  /** How many marked posts the filter has learnt from, each way. */
  const postsLearnt = async () => {
    const row = (await backend.rows('spam_counts')).find(({ kind }) => kind === 'posts');
    return { spam: Number(row?.spam ?? 0), ham: Number(row?.ham ?? 0) };
  };

  it('holds the same long message from a third address within the hour, not after it', async () => {
    const repository = await backend.fresh();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-30T12:00:00Z');
    const message = 'Sua empresa foi selecionada para receber credito de ate R$ 250.000 sem consulta ao Serasa';
    vi.setSystemTime(start);
    expect(await signalsOf(repository, post(message, 'a@x.com.br'))).toEqual({});
    vi.setSystemTime(start + 10 * 60_000);
    expect(await signalsOf(repository, post(`${message}!!`, 'b@x.com.br'))).toEqual({ repeated: 0.5 });
    // The same sender again is no other address.
    expect(await signalsOf(repository, post(message, 'B@x.com.br'))).toEqual({ repeated: 0.5 });
    vi.setSystemTime(start + 50 * 60_000);
    expect(await signalsOf(repository, post(message, 'c@x.com.br'))).toEqual({ repeated: 1 });
    vi.setSystemTime(start + 3 * 60 * 60_000);
    expect(await signalsOf(repository, post(message, 'd@x.com.br'))).toEqual({});
    // A short message repeats by chance.
    await repository.contacts.receiveContact(post('Quero uma cotacao', 'e@x.com.br'), person);
    await repository.contacts.receiveContact(post('Quero uma cotacao', 'f@x.com.br'), person);
    expect(await signalsOf(repository, post('Quero uma cotacao', 'g@x.com.br'))).toEqual({});
  });

  it('fades a signal the team keeps overruling: released autofilled customers stop being held', async () => {
    const repository = await backend.fresh();
    for (let n = 0; n < 4; n++) {
      const { result, verdict } = await repository.contacts.receiveContact(post(`${FREIGHT} ${n}`), autofilled);
      expect(verdict!.suspect, `post ${n}`).toBe(true);
      expect(await repository.suspects.releaseSuspect(result.record.id, BY_TOKEN)).toBe('released');
    }
    const { verdict } = await repository.contacts.receiveContact(post(FREIGHT), autofilled);
    // 1.5 × 2 × (0 + 5) / (0 + 4 + 10), and the words' most beside a hard signal.
    expect(verdict).toMatchObject({
      suspect: false,
      findings: [
        { reason: 'honeypot', weight: 1.07 },
        { reason: 'words', weight: -0.15 },
      ],
    });
  });

  it('weighs words with the shipped prior before any mark: a pitch held, a freight request lowered by 0.5', async () => {
    const repository = await backend.fresh();
    const seo = await repository.contacts.receiveContact(post(SEO), person);
    expect(seo.verdict).toMatchObject({ suspect: true, findings: [{ reason: 'words', weight: 1 }] });
    expect((await reasonsOf(repository, post(FREIGHT))).words).toBe(-0.5);
    // Beside a hard signal, the words take off no more than 0.15.
    expect((await reasonsOf(repository, post(FREIGHT), autofilled)).words).toBe(-0.15);
  });

  it('delivers a freight request with one shortened link, and holds a pitch with the same link', async () => {
    const repository = await backend.fresh();
    const link = ' Detalhes: https://bit.ly/3xYzAbc';
    const request = await repository.contacts.receiveContact(post(`${FREIGHT}.${link}`), person);
    const pitch = await repository.contacts.receiveContact(post(`${SEO}.${link}`), person);

    expect(request.verdict).toMatchObject({
      suspect: false,
      findings: [
        { reason: 'links', weight: 0.45 },
        { reason: 'shortener', weight: 0.8 },
        { reason: 'words', weight: -0.5, detail: 'pedido de frete: rota, quantidade, termos de frete' },
      ],
    });
    expect(pitch.verdict?.suspect).toBe(true);
  });

  it('takes back a spam mark on release, and a second mark or release does nothing more', async () => {
    const repository = await backend.fresh();
    const { result } = await repository.contacts.receiveContact(post(SEO), autofilled);
    const id = result.record.id;
    expect(await repository.suspects.markSpam(id, BY_TOKEN)).toBe('marked');
    expect(await repository.suspects.markSpam(id, BY_TOKEN)).toBe('already');
    expect(await repository.suspects.releaseSuspect(id, BY_TOKEN)).toBe('released');
    expect(await repository.suspects.releaseSuspect(id, BY_TOKEN)).toBe('gone');
    expect(await repository.suspects.markSpam(id, BY_TOKEN)).toBe('gone');
    expect(await postsLearnt()).toEqual({ spam: 0, ham: 1 });
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
