import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ContactFields } from '../../shared/contact';
import { createTestApp } from '../../test/support/app';
import { type Backend, backendsForThisFile } from '../../test/support/backends';
import { sampleContact, validContact } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import type { Repository } from '../composition/repository';

// Several posts of the Suspeitos folder decided at once (docs/requirements.md §6.4): one POST, no JavaScript, each
// post through its own store call, so each release delivers exactly once and is its own audit line.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };

/** A post held by the honeypot without the form's stamp: a suspect; its id. */
async function suspect(repository: Repository, fields: Partial<ContactFields> = {}) {
  const { result } = await repository.contacts.receiveContact(validContact({ ...sampleContact, ...fields }), {
    honeypot: true,
    stamp: { kind: 'none' },
  });
  return result.record.id;
}

const arrived = (backend: Backend, id: string, at: string) =>
  backend.exec(`UPDATE suspects SET created_at = '${at}' WHERE id = '${id}'`);

/** A form body with `ids` repeated, as a browser sends the ticked boxes. */
const formOf = (fields: [string, string][]) => new URLSearchParams(fields).toString();

describe.each(backendsForThisFile())('bulk decisions in Suspeitos on $name', (backend) => {
  async function folder() {
    const repository = await backend.fresh({ channels: ['email', 'webhook'] });
    const { app } = createTestApp({ repository });
    const seller = await signedInMember(repository, 'vendas');
    const post = (fields: [string, string][]) =>
      request(app)
        .post('/painel/suspeitos/lote')
        .set(SAME_SITE)
        .set('Cookie', seller.cookie)
        .type('form')
        .send(formOf(fields));
    const get = (path: string) => request(app).get(path).set('Cookie', seller.cookie);
    return { repository, post, get };
  }

  it('releases the ticked posts in one POST, each delivered once and audited, and a second press delivers nothing', async () => {
    const { repository, post, get } = await folder();
    const [a, b, c] = [await suspect(repository), await suspect(repository), await suspect(repository)];
    const ticked: [string, string][] = [
      ['ids', a],
      ['ids', b],
      ['acao', 'liberar'],
    ];

    const first = await post(ticked).expect(303);
    const rowsAfterFirst = await backend.rows('outbox');
    const second = await post(ticked).expect(303);
    const page = await get(first.headers.location!);

    expect(first.headers.location).toBe('/painel/suspeitos?aviso=lote-liberados&feitos=2&ja=0');
    expect(second.headers.location).toBe('/painel/suspeitos?aviso=lote-liberados&feitos=0&ja=2');
    expect(page.text).toContain('2 contatos liberados: estão na caixa de entrada e foram para a entrega.');
    for (const id of [a, b]) {
      expect(await repository.inbox.getLead(id)).toBeDefined();
      expect(
        rowsAfterFirst
          .filter((row) => row.lead_id === id)
          .map((row) => row.channel)
          .sort(),
      ).toEqual(['email', 'webhook']);
    }
    expect(await backend.rows('outbox')).toHaveLength(rowsAfterFirst.length);
    expect(await repository.inbox.getLead(c)).toBeUndefined();
    const released = (await repository.audit.readAudit({ action: 'suspect.released', limit: 10 })).map(
      ({ leadIds }) => leadIds?.[0],
    );
    expect(released.sort()).toEqual([a, b].sort());
  });

  it('“Selecionar todos desta página” marks the page as shown as spam, and not a post that arrived since', async () => {
    const { repository, post, get } = await folder();
    const older = await suspect(repository, { name: 'Mais antigo' });
    const newer = await suspect(repository, { name: 'Mais novo' });
    await arrived(backend, older, '2026-11-20T12:00:00.000Z');
    await arrived(backend, newer, '2026-11-21T12:00:00.000Z');
    const page = await get('/painel/suspeitos').expect(200);
    const newest = /name="de" value="([^"]+)"/.exec(page.text)![1]!;
    const since = await suspect(repository, { name: 'Chegou depois' });

    const res = await post([
      ['todos', 'sim'],
      ['de', newest],
      ['acao', 'spam'],
    ]).expect(303);

    expect(res.headers.location).toBe('/painel/suspeitos?aviso=lote-spam&feitos=2&ja=0');
    const spam = (await repository.suspects.listSuspects('spam', 10)).map(({ id }) => id);
    expect(spam.sort()).toEqual([older, newer].sort());
    expect((await repository.suspects.listSuspects('suspect', 10)).map(({ id }) => id)).toEqual([since]);
    expect(await repository.audit.readAudit({ action: 'suspect.spam', limit: 10 })).toHaveLength(2);
  });

  it('nothing ticked is said, and nothing done', async () => {
    const { repository, post } = await folder();
    await suspect(repository);

    const res = await post([['acao', 'spam']]).expect(303);

    expect(res.headers.location).toBe('/painel/suspeitos?aviso=lote-vazio&feitos=0&ja=0');
    expect((await repository.suspects.suspectCounts()).spam).toBe(0);
  });

  it('makes “É spam” the prominent button, and says what “Não é spam” does', async () => {
    const { repository, get } = await folder();
    const id = await suspect(repository);

    const page = await get('/painel/suspeitos').expect(200);

    expect(page.text).toMatch(
      new RegExp(
        `action="/painel/suspeitos/${id}/spam" method="post"><button class="button button--primary" type="submit">É spam<`,
      ),
    );
    expect(page.text).toMatch(
      new RegExp(
        `action="/painel/suspeitos/${id}/liberar" method="post"><button class="button button--ghost" type="submit">Não é spam: entregar à equipe<`,
      ),
    );
    expect(page.text).toMatch(new RegExp(`<input type="checkbox" form="suspeitos-lote" name="ids" value="${id}"/>`));
    expect(page.text).toContain('Selecionar todos desta página (1)');
  });
});
