import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDir, testRepository } from '../../test/support/app';
import { apply, DRIVER, warmCvChild } from '../../test/support/applications';
import { backendsForThisFile } from '../../test/support/backends';
import { ADMIN_TOKEN, BY_TOKEN, bearer } from '../../test/support/leads';
import { cvCarrying } from '../../test/support/pdf';
import { SQLITE_FILE } from '../db/sqlite';

// LGPD for the applications (docs/requirements.md §10.17): a person's access shows their applications and CVs, an
// erasure takes them all and leaves no byte of a CV in the database's files, and the retention
// erases them after APPLICATION_RETENTION_DAYS or a day after their process ended, the talent pool
// excepted.

const DAY = 24 * 60 * 60_000;

/** How many times `needle` lies in the file, or 0 when the file is not there. */
function copies(file: string, needle: Buffer) {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return 0;
  }
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) count++;
  return count;
}

beforeAll(warmCvChild, 60_000);

describe('an erasure of a candidate on SQLite', () => {
  it('leaves no byte of the CV, nor the address, in the database file or its WAL, running or stopped', async () => {
    const dataDir = tempDir();
    const { app, repository } = createTestApp({ adminToken: ADMIN_TOKEN, repository: testRepository(dataDir) });
    // Random bytes: no other row holds any 32 of them in a row, so each slice found is the CV's.
    const subjectMark = randomBytes(64 * 1024);
    const keptMark = randomBytes(4 * 1024);
    await apply(app, {}, [{ bytes: cvCarrying(subjectMark) }]).expect(303);
    await apply(app, { nome: 'Outra Pessoa', email: 'outra@exemplo.com.br' }, [{ bytes: cvCarrying(keptMark) }]).expect(
      303,
    );

    const erased = await request(app).delete(`/api/subjects?email=${DRIVER.email}`).set('Authorization', bearer);
    expect(erased.body.data).toMatchObject({ applications: 1 });

    const files = [SQLITE_FILE, `${SQLITE_FILE}-wal`].map((name) => path.join(dataDir, name));
    const slices = Array.from({ length: 64 }, (_, n) => subjectMark.subarray(n * 1024, n * 1024 + 32));
    const found = () =>
      files.map((file) => [DRIVER.email, ...slices].map((needle) => copies(file, Buffer.from(needle))));
    const none = files.map(() => [DRIVER.email, ...slices].map(() => 0));
    expect(found()).toEqual(none);
    // The scan reads the right bytes: the other candidate's CV is in the files.
    expect(files.reduce((sum, file) => sum + copies(file, keptMark.subarray(0, 32)), 0)).toBeGreaterThan(0);
    await repository.close();
    expect(found()).toEqual(none);
  });
});

describe.each(backendsForThisFile())('applications and LGPD on $name', (backend) => {
  it('shows a person their applications with the CV’s bytes, and erases them with their notes', async () => {
    const { app, repository } = createTestApp({ adminToken: ADMIN_TOKEN, repository: await backend.fresh() });
    const cv = cvCarrying(randomBytes(256));
    await apply(app, {}, [{ bytes: cv }]).expect(303);
    const [application] = await repository.applications.list({}, BY_TOKEN);
    await repository.applications.addNote(application!.id, 'Bom perfil', { context: BY_TOKEN, author: 'RH' });

    const access = await request(app).get(`/api/subjects?email=${DRIVER.email}`).set('Authorization', bearer);
    expect(access.body.data.applications).toEqual([
      expect.objectContaining({ id: application!.id, name: DRIVER.nome, cnh: 'E', stage: 'nova' }),
    ]);
    expect(Buffer.from(access.body.data.applications[0].cv.pdfBase64, 'base64').equals(cv)).toBe(true);

    await request(app).delete(`/api/subjects?email=${DRIVER.email}`).set('Authorization', bearer).expect(200);
    expect(await backend.rows('applications')).toEqual([]);
    expect(await backend.rows('application_files')).toEqual([]);
    expect(await backend.rows('application_notes')).toEqual([]);
    const [line] = await repository.audit.readAudit({ limit: 1 });
    expect(line).toMatchObject({ action: 'subject.erasure', detail: expect.objectContaining({ applications: 1 }) });
  });

  it('erases by the retention what is too old, and an ended process a day later, unless in the talent pool', async () => {
    const { app, repository } = createTestApp({ repository: await backend.fresh() });
    const send = async (nome: string, fields: Record<string, string>) => {
      await apply(app, { nome, ...fields }).expect(303);
      return (await repository.applications.list({}, BY_TOKEN)).find((found) => found.name === nome)!.id;
    };
    const position = await repository.positions.create(
      { title: 'Motorista', city: 'Marabá', uf: 'PA', kind: 'motorista', requirements: 'CNH E' },
      BY_TOKEN,
    );
    const vaga = position.id;
    const ended = await send('Encerrada fora do banco', { vaga, banco: '' });
    const pooled = await send('Encerrada no banco', { vaga, banco: 'sim' });
    const hired = await send('Contratada hoje', { vaga, banco: '' });
    const by = { context: BY_TOKEN, author: 'RH' };
    for (const id of [ended, pooled, hired]) await repository.applications.setStage(id, 'encerrada', by);
    await repository.applications.setStage(hired, 'contratado', by);
    const now = new Date();
    const purge = (at: Date, applications: Date) =>
      repository.personalData.purgeOlderThan({ suspects: new Date(0), applications, now: at });

    // Today: nothing is a day past its end, and the retention's cutoff is a year ago.
    expect(await purge(now, new Date(now.getTime() - 365 * DAY))).toMatchObject({ applications: 0 });
    // Two days on: the ended process out of the pool goes; the pooled one stays.
    expect(await purge(new Date(now.getTime() + 2 * DAY), new Date(now.getTime() - 365 * DAY))).toMatchObject({
      applications: 2,
    });
    expect((await backend.rows('applications')).map((row) => row.name)).toEqual(['Encerrada no banco']);
    // Past APPLICATION_RETENTION_DAYS: the pool's too.
    expect(await purge(now, new Date(now.getTime() + DAY))).toMatchObject({ applications: 1 });
    expect(await backend.rows('application_files')).toEqual([]);
  });
});
