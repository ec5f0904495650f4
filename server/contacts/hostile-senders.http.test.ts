import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../shared/contact-form';
import { createTestApp } from '../../test/support/app';

// Property-based: whoever sends a contact request and however the honeypot is filled, a bot is
// told what a person is told, and only this site's own visitors (or no browser at all) can post.

const PUBLIC_URL = new URL('https://www.exemplo.com.br');
const person: [string, string][] = [
  ['name', 'Ana'],
  ['email', 'ana@empresa.com.br'],
  ['message', 'Frete para Belém'],
];
const trapValue = fc.oneof(fc.constantFrom('', ' ', 'x', 'http://spam.example', '0'), fc.string({ maxLength: 20 }));

/** Headers of a reply that tell what it is, leaving out those that differ on every request. */
const shape = (res: request.Response) => ({
  status: res.status,
  location: res.headers.location,
  replayed: res.headers['idempotent-replayed'],
  headers: Object.keys(res.headers)
    .filter((name) => !['date', 'x-request-id', 'etag', 'content-length'].includes(name))
    .sort(),
  body: res.type === 'application/json' ? { ...res.body, data: Object.keys(res.body.data ?? {}) } : undefined,
});

// Each property makes up to a few hundred real requests: the timeout is a budget that holds on a
// shared, loaded machine, not a check of speed (the benchmarks measure that).
describe('the honeypot, filled in any way', { timeout: 30_000 }, () => {
  it('traps a form post that sends the field more than once or not blank, and answers it as a stored one', async () => {
    const { app, repository } = createTestApp();
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(trapValue, { maxLength: 3 }), async (traps) => {
        const pairs = [...person, ...traps.map((value) => [HONEYPOT_FIELD, value])];
        const res = await request(app).post('/api/contacts').type('form').send(new URLSearchParams(pairs).toString());
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/?contato=enviado#contact');
        const trapped = traps.length > 1 || (traps.length === 1 && traps[0]!.trim() !== '');
        if (!trapped) stored += 1;
        expect((await repository.contacts.listContacts(1, 1)).total).toBe(stored);
      }),
      { numRuns: 100 },
    );
  });

  it('gives a bot the reply a person gets, the same id again for the same key', async () => {
    const { app, repository } = createTestApp();
    const body = Object.fromEntries(person);
    let keys = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue().filter((trap) => trap !== null && !(typeof trap === 'string' && trap.trim() === '')),
        fc.uuid(),
        async (trap, key) => {
          keys += 1;
          // Each its own key: the key's fingerprint is the fields stored, and the trap is none of them.
          const post = (sent: object, as: string) =>
            request(app).post('/api/contacts').set('Idempotency-Key', `${as}-${key}`).send(sent);
          const [bot, botAgain] = [
            await post({ ...body, [HONEYPOT_FIELD]: trap }, 'bot'),
            await post({ ...body, [HONEYPOT_FIELD]: trap }, 'bot'),
          ];
          const [real, realAgain] = [await post(body, 'person'), await post(body, 'person')];
          expect([shape(bot), shape(botAgain)]).toEqual([shape(real), shape(realAgain)]);
          expect(botAgain.body).toEqual(bot.body);
        },
      ),
      { numRuns: 50 },
    );
    // One stored per key: the person's as a lead, the bot's held apart (docs/requirements.md §10.9).
    expect((await repository.contacts.listContacts(1, 1)).total).toBe(keys);
    expect(await repository.suspects.listSuspects('suspect', keys + 1)).toHaveLength(keys);
  });

  it('gives a bot posting the form the redirect a person gets, a replay marked as such', async () => {
    const { app, repository } = createTestApp();
    let keys = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(trapValue, { minLength: 2, maxLength: 3 }), fc.uuid(), async (traps, key) => {
        keys += 1;
        const post = (pairs: [string, string][], as: string) =>
          request(app)
            .post('/api/contacts')
            .type('form')
            .set('Idempotency-Key', `${as}-${key}`)
            .send(new URLSearchParams(pairs).toString());
        const trapped = [...person, ...traps.map((value): [string, string] => [HONEYPOT_FIELD, value])];
        const [bot, botAgain] = [await post(trapped, 'bot'), await post(trapped, 'bot')];
        const [real, realAgain] = [await post(person, 'person'), await post(person, 'person')];
        expect([shape(bot), shape(botAgain)]).toEqual([shape(real), shape(realAgain)]);
        expect(shape(realAgain).replayed).toBe('true');
      }),
      { numRuns: 30 },
    );
    expect((await repository.contacts.listContacts(1, 1)).total).toBe(keys);
  });
});

const secFetchSite = fc.option(fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none', 'Cross-Site', ''), {
  nil: undefined,
});
const origin = fc.option(
  fc.oneof(
    fc.constantFrom(PUBLIC_URL.origin, 'http://www.exemplo.com.br', 'https://www.exemplo.com.br:8443', 'null', ''),
    fc.webUrl().map((url) => new URL(url).origin),
  ),
  { nil: undefined },
);

describe('a contact request sent from anywhere', { timeout: 30_000 }, () => {
  it('is stored only when it comes from this site or from no browser; otherwise 403, nothing stored', async () => {
    const { app, repository } = createTestApp({ publicUrl: PUBLIC_URL });
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(secFetchSite, origin, fc.boolean(), async (site, from, asForm) => {
        const headers: Record<string, string> = {};
        if (site !== undefined) headers['Sec-Fetch-Site'] = site;
        if (from !== undefined) headers.Origin = from;
        const post = request(app).post('/api/contacts').set(headers);
        const res = asForm
          ? await post.type('form').send(new URLSearchParams(person).toString())
          : await post.send(Object.fromEntries(person));
        const fromHere =
          site !== undefined ? ['same-origin', 'none'].includes(site) : [undefined, PUBLIC_URL.origin].includes(from);
        if (fromHere) stored += 1;
        expect(res.status).toBe(fromHere ? (asForm ? 303 : 201) : 403);
        if (!fromHere) expect(res.text).toContain('Envio recusado');
        expect((await repository.contacts.listContacts(1, 1)).total).toBe(stored);
      }),
      { numRuns: 150 },
    );
  });
});
