// @vitest-environment jsdom
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../shared/contact-form';
import { createTestApp } from '../../test/support/app';
import { apply, DRIVER, warmCvChild } from '../../test/support/applications';
import { backendsForThisFile } from '../../test/support/backends';
import { BY_TOKEN } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { cvPdf } from '../../test/support/pdf';

// The Candidaturas folder (docs/requirements.md §6.6): admins only, every list, read and download audited, the CV
// served as a download only, and stages and notes as plain forms.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };
const parseHTML = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const FOLDER = '/painel/candidaturas';

beforeAll(warmCvChild, 60_000);

describe.each(backendsForThisFile())('the Candidaturas folder on $name', (backend) => {
  /** An app with one driver's application in it, and an admin's and a salesperson's sessions. */
  async function folderWithOne(cv = cvPdf('Curriculo do motorista')) {
    const { app, repository } = createTestApp({ repository: await backend.fresh() });
    await apply(app, {}, [{ bytes: cv, filename: 'João CV.pdf' }]).expect(303);
    const [application] = await repository.applications.list({}, BY_TOKEN);
    const admin = await signedInMember(repository, 'admin');
    const seller = await signedInMember(repository, 'vendas');
    return { app, repository, id: application!.id, admin, seller, cv };
  }

  it('lets an admin download the very bytes of the CV, as an attachment that runs nowhere, and audits it', async () => {
    const { app, repository, id, admin, cv } = await folderWithOne();

    const res = await request(app)
      .get(`${FOLDER}/${id}/curriculo`)
      .set('Cookie', admin.cookie)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });

    expect(res.status).toBe(200);
    expect((res.body as Buffer).equals(cv)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="Joao CV.pdf"; filename*=UTF-8''Jo%C3%A3o%20CV.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'no-store',
    });
    const [line] = await repository.audit.readAudit({ limit: 1 });
    expect(line).toMatchObject({ action: 'application.cv', actor: admin.member.email, leadIds: [id] });
  });

  it('lists, filters and shows an application to an admin, each read an audit line', async () => {
    const { app, repository, id, admin } = await folderWithOne();

    const list = await request(app).get(`${FOLDER}?cnh=E&uf=PA&cidade=Marab%C3%A1`).set('Cookie', admin.cookie);
    expect(list.status).toBe(200);
    expect(parseHTML(list.text).querySelector(`a[href="${FOLDER}/${id}"]`)?.textContent).toBe(DRIVER.nome);
    const none = await request(app).get(`${FOLDER}?cnh=D`).set('Cookie', admin.cookie);
    expect(none.text).toContain('Nenhuma candidatura com este filtro.');

    const page = await request(app).get(`${FOLDER}/${id}`).set('Cookie', admin.cookie).expect(200);
    expect(page.text).toContain('Carreta 8 anos');

    const lines = await repository.audit.readAudit({ limit: 3 });
    expect(lines.map((line) => [line.action, line.leadIds])).toEqual([
      ['application.viewed', [id]],
      ['applications.read', undefined],
      ['applications.read', [id]],
    ]);
  });

  it('moves an application through its stages and keeps the notes, each change audited', async () => {
    const { app, repository, id, admin } = await folderWithOne();

    const staged = await request(app)
      .post(`${FOLDER}/${id}/etapa`)
      .set({ ...SAME_SITE, Cookie: admin.cookie })
      .type('form')
      .send({ etapa: 'entrevista' });
    expect([staged.status, staged.headers.location]).toEqual([303, `${FOLDER}/${id}?salvo=etapa`]);
    await request(app)
      .post(`${FOLDER}/${id}/nota`)
      .set({ ...SAME_SITE, Cookie: admin.cookie })
      .type('form')
      .send({ nota: 'Entrevista marcada para segunda.' })
      .expect(303);

    const page = parseHTML((await request(app).get(`${FOLDER}/${id}?salvo=nota`).set('Cookie', admin.cookie)).text);
    expect(page.querySelector<HTMLOptionElement>('select[name=etapa] option[selected]')?.value).toBe('entrevista');
    expect(page.querySelector('[aria-labelledby=notas]')?.textContent).toContain('Entrevista marcada para segunda.');
    expect(page.querySelector('[role=status]')?.textContent).toBe('Salvo: nota adicionada.');
    const actions = (await repository.audit.readAudit({ limit: 3 })).map((line) => line.action);
    expect(actions).toEqual(['application.viewed', 'application.note', 'application.stage']);
  });

  it('names an empty note on the page it goes back to, and stores none', async () => {
    const { app, id, admin } = await folderWithOne();
    const res = await request(app)
      .post(`${FOLDER}/${id}/nota`)
      .set({ ...SAME_SITE, Cookie: admin.cookie })
      .type('form')
      .send({ nota: '   ' });
    expect([res.status, res.headers.location]).toEqual([303, `${FOLDER}/${id}?erro=nota`]);
    const page = parseHTML((await request(app).get(res.headers.location!).set('Cookie', admin.cookie)).text);
    expect(page.querySelector('[role=alert]')?.textContent).toBe(
      'Escreva a nota (até 2000 caracteres) antes de adicionar.',
    );
    expect(await backend.rows('application_notes')).toEqual([]);
  });

  it('refuses every route to a salesperson, and shows nothing of the application', async () => {
    const { app, id, seller } = await folderWithOne();
    for (const path of [FOLDER, `${FOLDER}/${id}`, `${FOLDER}/${id}/curriculo`]) {
      const res = await request(app).get(path).set('Cookie', seller.cookie);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.text).not.toContain(DRIVER.email);
    }
    for (const path of ['etapa', 'nota', 'liberar']) {
      const res = await request(app)
        .post(`${FOLDER}/${id}/${path}`)
        .set({ ...SAME_SITE, Cookie: seller.cookie })
        .type('form')
        .send({ etapa: 'encerrada', nota: 'x' });
      expect([path, res.status]).toEqual([path, 403]);
    }
  });

  it('holds an application the spam judge suspects apart, and lets an admin release it', async () => {
    const { app, repository } = createTestApp({ repository: await backend.fresh() });
    const admin = await signedInMember(repository, 'admin');
    await apply(app, { [HONEYPOT_FIELD]: 'https://spam.example' }).expect(303);

    const folder = await request(app).get(FOLDER).set('Cookie', admin.cookie);
    expect(folder.text).toContain('Nenhuma candidatura com este filtro.');
    const held = parseHTML((await request(app).get(`${FOLDER}?retidas=1`).set('Cookie', admin.cookie)).text);
    const link = held.querySelector<HTMLAnchorElement>(`.inbox-item a`)!;
    expect(link.textContent).toBe(DRIVER.nome);

    await request(app)
      .post(`${link.getAttribute('href')}/liberar`)
      .set({ ...SAME_SITE, Cookie: admin.cookie })
      .expect(303);
    expect((await request(app).get(FOLDER).set('Cookie', admin.cookie)).text).toContain(DRIVER.nome);
  });

  it('keeps applications out of the sales inbox', async () => {
    const { app, admin } = await folderWithOne();
    const inbox = await request(app).get('/painel').set('Cookie', admin.cookie).expect(200);
    expect(inbox.text).not.toContain(DRIVER.nome);
  });
});
