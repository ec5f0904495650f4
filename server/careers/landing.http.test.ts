import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { careers } from '../../shared/content';
import type { PositionInput } from '../../shared/positions';
import { createTestApp, testRepository } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable } from '../../test/support/inbox';
import { eventually } from '../../test/support/wait';
import type { Repository } from '../composition/repository';

// "Trabalhe conosco" on the landing page (docs/requirements.md §2.2, §2.4, decision 048):
// the open positions as the database holds them, on every replica, without a rebuild.

const DRIVER: PositionInput = {
  title: 'Motorista carreteiro',
  city: 'Belém',
  uf: 'PA',
  kind: 'motorista',
  requirements: 'CNH categoria E\n\nCurso MOPP',
};
const BY_ADMIN = {
  actor: { kind: 'member', id: '00000000-0000-4000-8000-000000000001', email: 'a@example.com' },
} as const;

/** The careers section of a page, as a browser reads its text. */
async function careersOf(app: ReturnType<typeof createTestApp>['app']) {
  const { status, text } = await request(app).get('/');
  expect(status).toBe(200);
  return readable(/<section id="careers"[\s\S]*?<\/section>/.exec(text)![0]);
}

describe.each(backendsForThisFile())('the open positions on the landing page, on $name', (backend) => {
  it('says when none is open, and offers the talent pool', async () => {
    const { app } = createTestApp({ repository: await backend.fresh() });

    const section = await careersOf(app);

    expect(section).toContain(careers.none);
    expect(section).toContain(`<a href="/trabalhe-conosco/candidatura">${careers.talentPool.link}</a>`);
  });

  it("shows a published position on every replica's page within about a second, and drops it once closed", async () => {
    const repository = await backend.fresh();
    const replicas = [createTestApp({ repository }).app, createTestApp({ repository: await backend.another() }).app];
    for (const app of replicas) expect(await careersOf(app)).toContain(careers.none);

    const { id } = await repository.positions.create(DRIVER, BY_ADMIN);

    for (const app of replicas) {
      const section = await eventually(async () => {
        const text = await careersOf(app);
        expect(text).toContain(DRIVER.title);
        return text;
      });
      expect(section).toContain('Belém/PA · Motorista');
      expect(section).toMatch(/<li>CNH categoria E<\/li><li>Curso MOPP<\/li><\/ul>/);
      expect(section).toContain(`href="/trabalhe-conosco/candidatura?vaga=${id}"`);
      expect(section).not.toContain(careers.none);
    }
    await repository.positions.close(id, BY_ADMIN);
    for (const app of replicas) await eventually(async () => expect(await careersOf(app)).toContain(careers.none));
  });
});

describe('the landing page while the positions cannot be read', () => {
  const UNREAD = 'conteúdo do banco não lido: as páginas mostram a última leitura';
  /** The repository, its open positions unreadable while `down()` says so. */
  const failingWhile = (repository: Repository, down: () => boolean): Repository => ({
    ...repository,
    positions: {
      ...repository.positions,
      listOpen: () => (down() ? Promise.reject(new Error('banco fora do ar')) : repository.positions.listOpen()),
    },
  });

  it('is still served, saying the positions cannot be shown, and logs why', async () => {
    const { app, logs } = createTestApp({ repository: failingWhile(testRepository(), () => true) });

    const section = await careersOf(app);

    expect(section).toContain(careers.unavailable);
    expect(section).toContain(careers.talentPool.link);
    expect(logs.map(({ msg }) => msg)).toContain(UNREAD);
  });

  it('is served without waiting for a database that hangs', async () => {
    const repository = testRepository();
    const hanging = {
      ...repository,
      positions: { ...repository.positions, listOpen: () => new Promise<never>(() => {}) },
    };
    const { app } = createTestApp({ repository: hanging });

    expect(await careersOf(app)).toContain(careers.unavailable);
  });

  it('keeps showing the positions it last read while the database does not answer', async () => {
    const repository = testRepository();
    await repository.positions.create(DRIVER, BY_ADMIN);
    let down = false;
    const { app, logs } = createTestApp({ repository: failingWhile(repository, () => down) });
    expect(await careersOf(app)).toContain(DRIVER.title);

    down = true;

    await eventually(async () => {
      expect(await careersOf(app)).toContain(DRIVER.title);
      expect(logs.map(({ msg }) => msg)).toContain(UNREAD);
    });
  });
});
