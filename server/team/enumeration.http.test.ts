import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { addMember, codeMailedTo, teamMails } from '../../test/support/members';
import type { Repository } from '../composition/repository';
import type { TeamStore } from './sql-store';

// Issue 55, item 1: a wrong code once answered a member "expired or 5 attempts" and a stranger
// "wrong code", so anyone could learn who is on the team. Three people now meet every /entrar
// route that takes an address: a member with a live code, a member without one, and a stranger.
// Their replies must be the same but for the address they typed, and the work behind them too.

const STRANGER = 'ninguem@example.com';

/** What a reply says, with the address it echoes made `EMAIL`, and the headers that vary by moment left out. */
const comparable = (res: request.Response, email: string) => {
  // The ETag is the body's digest, and the body echoes the address: the body is compared instead.
  const {
    date,
    etag: _etag,
    'content-length': _length,
    'x-request-id': _id,
    'retry-after': retryAfter,
    ...headers
  } = res.headers;
  const echoed = (text: string) =>
    text
      .replaceAll(email, 'EMAIL')
      .replaceAll(encodeURIComponent(email), 'EMAIL')
      .replaceAll(
        // The minutes a 429 tells, which the seconds left round to.
        /espere \d+ minutos?/g,
        'espere N minutos',
      );
  return {
    status: res.status,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, echoed(String(value))])),
    retryAfter: retryAfter === undefined ? undefined : 'set',
    body: echoed(res.text),
    date: typeof date,
  };
};

/** The team store with every call of its methods written down, in order. */
function recording(team: TeamStore) {
  const calls: string[] = [];
  const store = new Proxy(team, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return value.apply(target, args);
      };
    },
  });
  return { store, calls };
}

describe.each(backendsForThisFile())('who is on the team does not show, on $name', (backend) => {
  /** An app with e-mail on, a member who has asked for a code, and one who has not. */
  async function scene(wrap?: (repository: Repository) => Repository) {
    const repository = await backend.fresh({ channels: ['email'] });
    const { app } = createTestApp({ repository: wrap ? wrap(repository) : repository });
    const withCode = await addMember(repository, 'vendas');
    const withoutCode = await addMember(repository, 'vendas');
    await request(app).post('/entrar/codigo').type('form').send({ email: withCode.email }).expect(303);
    const code = await codeMailedTo(() => backend.rows('outbox'), withCode.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    return { app, repository, people: [withCode.email, withoutCode.email, STRANGER], wrong };
  }

  const confirm = (app: ReturnType<typeof createTestApp>['app'], email: string, code: string) =>
    request(app).post('/entrar/codigo/confirmar').type('form').send({ email, code });

  it('a wrong code gets the same reply for a member with a code, a member without one, and a stranger', async () => {
    const { app, people, wrong } = await scene();

    const replies = [];
    for (const email of people) replies.push(comparable(await confirm(app, email, wrong), email));

    expect(replies[0]!.status).toBe(400);
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
  });

  it('a wrong code runs the same statements for a member with a code, a member without one, and a stranger', async () => {
    let recorder: ReturnType<typeof recording> | undefined;
    const { app, people, wrong } = await scene((repository) => {
      recorder = recording(repository.team);
      return { ...repository, team: recorder.store };
    });

    const calls = [];
    for (const email of people) {
      recorder!.calls.length = 0;
      await confirm(app, email, wrong).expect(400);
      calls.push([...recorder!.calls]);
    }

    expect(calls[0]).toEqual(['memberByEmail', 'tryCode']);
    expect(calls[1]).toEqual(calls[0]);
    expect(calls[2]).toEqual(calls[0]);
  });

  it('asking for a code, once and again too soon, gets the same replies for all three', async () => {
    const repository = await backend.fresh({ channels: ['email'] });
    const { app } = createTestApp({ repository });
    const withCode = await addMember(repository, 'vendas');
    const withoutCode = await addMember(repository, 'vendas');
    // The member with a code got it a moment ago, from another address.
    await repository.team.setCode(withCode.id, 'f'.repeat(64));

    const replies = [];
    for (const email of [withCode.email, withoutCode.email, STRANGER]) {
      const ask = () => request(app).post('/entrar/codigo').type('form').send({ email });
      replies.push([comparable(await ask(), email), comparable(await ask(), email)]);
    }

    expect(replies[0]!.map(({ status }) => status)).toEqual([303, 429]);
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
    await codeMailedTo(() => backend.rows('outbox'), withoutCode.email);
    expect(teamMails(await backend.rows('outbox')).map(({ to }) => to)).toEqual(
      expect.arrayContaining([withCode.email, withoutCode.email]),
    );
    expect(teamMails(await backend.rows('outbox'))).toHaveLength(2);
  });

  it('the reply to a code request leaves before the team’s list is read', async () => {
    let replied: () => void = () => {};
    const reply = new Promise<void>((resolve) => {
      replied = resolve;
    });
    const repository = await backend.fresh({ channels: ['email'] });
    const member = await addMember(repository, 'vendas');
    // The list answers only once the client has its reply: a handler that waited for it never replies.
    const team: TeamStore = {
      ...repository.team,
      memberByEmail: async (email) => {
        await reply;
        return repository.team.memberByEmail(email);
      },
    };
    const { app } = createTestApp({ repository: { ...repository, team } });

    const res = await request(app).post('/entrar/codigo').type('form').send({ email: member.email });
    replied();

    expect(res.status).toBe(303);
    expect(await codeMailedTo(() => backend.rows('outbox'), member.email)).toMatch(/^\d{6}$/);
  });
});
