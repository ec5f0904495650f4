import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { PositionInput } from '../../shared/positions';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable } from '../../test/support/inbox';
import { signedInMember } from '../../test/support/members';

// The admins' pages for the job openings (docs/requirements.md §6.5) over real HTTP on
// both backends: who may reach them, the form refused and kept, and each change on the record.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };

const DRIVER: PositionInput = {
  title: 'Motorista carreteiro',
  city: 'Belém',
  uf: 'PA',
  kind: 'motorista',
  requirements: 'CNH categoria E\nMOPP',
};

/** The page's words without its markup, as a screen reader reads them out. */
const words = (html: string) => readable(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));

describe.each(backendsForThisFile())('the positions an admin manages, on $name', (backend) => {
  async function site(role: 'admin' | 'vendas' = 'admin') {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const { member, cookie } = await signedInMember(repository, role);
    const get = (path: string) => request(app).get(path).set('Cookie', cookie);
    const post = (path: string, body: Record<string, string> = {}) =>
      request(app).post(path).set(SAME_SITE).set('Cookie', cookie).type('form').send(body);
    const actions = async () => (await repository.audit.readAudit({ limit: 10 })).map((line) => line.action);
    return { app, repository, member, get, post, actions };
  }

  it('publishes a position from the form, says so on the list, and records who did it', async () => {
    const { repository, member, get, post } = await site();

    const res = await post('/painel/vagas', { ...DRIVER }).expect(303);

    expect(res.headers.location).toBe('/painel/vagas?aviso=publicada');
    const list = words((await get(res.headers.location!).expect(200)).text);
    expect(list).toContain('Vaga publicada: já aparece em “Trabalhe conosco”.');
    expect(list).toContain('Motorista carreteiro · Belém/PA · Motorista');
    const [position] = await repository.positions.listAll();
    expect(position).toMatchObject({ ...DRIVER, open: true, createdBy: member.id });
    expect((await repository.audit.readAudit({ limit: 1 }))[0]).toMatchObject({
      action: 'position.created',
      actor: member.email,
      subject: position!.id,
    });
  });

  it('refuses a wrong form with a Portuguese message beside each wrong field, keeping what was typed', async () => {
    const { repository, post } = await site();

    const res = await post('/painel/vagas', { ...DRIVER, city: '  ', uf: 'XX', title: 'Motorista <de> bitrem' }).expect(
      400,
    );

    expect(res.text).toContain('Informe o município.');
    expect(res.text).toContain('Escolha a UF.');
    expect(res.text).toMatch(/<input[^>]*id="vaga-city"[^>]*aria-invalid="true"/);
    expect(res.text).toMatch(/<input[^>]*value="Motorista &lt;de&gt; bitrem"/);
    expect(res.text).toMatch(/<textarea[^>]*>CNH categoria E\nMOPP<\/textarea>/);
    expect(res.text).toMatch(/<option value="motorista" selected="">/);
    expect(await repository.positions.listAll()).toEqual([]);
  });

  it('edits a position and then closes it: it stays on the list, closed, and each change is a line', async () => {
    const { repository, get, post, actions } = await site();
    await post('/painel/vagas', { ...DRIVER }).expect(303);
    const { id } = (await repository.positions.listAll())[0]!;
    expect((await get(`/painel/vagas/${id}`).expect(200)).text).toMatch(/value="Motorista carreteiro"/);

    await post(`/painel/vagas/${id}`, { ...DRIVER, city: 'Marabá' }).expect(303, /aviso=editada/);
    const closed = await post(`/painel/vagas/${id}/encerrar`).expect(303);

    expect(closed.headers.location).toBe('/painel/vagas?aviso=encerrada');
    expect(await repository.positions.get(id)).toMatchObject({ city: 'Marabá', open: false });
    expect(await repository.positions.listOpen()).toEqual([]);
    expect(words((await get('/painel/vagas').expect(200)).text)).toContain('Encerradas (1)');
    expect(await actions()).toEqual(['position.closed', 'position.updated', 'position.created']);
  });

  it('answers 404 with the list for a position that is not there, already closed, or no id at all', async () => {
    const { repository, get, post } = await site();
    await post('/painel/vagas', { ...DRIVER }).expect(303);
    const { id } = (await repository.positions.listAll())[0]!;
    await post(`/painel/vagas/${id}/encerrar`).expect(303);

    const again = await post(`/painel/vagas/${id}/encerrar`).expect(404);

    expect(words(again.text)).toContain('Esta vaga não existe, ou já estava encerrada.');
    await get('/painel/vagas/00000000-0000-4000-8000-000000000000').expect(404);
    await get('/painel/vagas/..%2F1').expect(404);
    await post('/painel/vagas/nada', { ...DRIVER }).expect(404);
  });

  it('lets no salesperson see or change the positions', async () => {
    const { repository, get, post } = await site('vendas');

    expect(words((await get('/painel/vagas').expect(403)).text)).toContain(
      'Esta área é só para a administração do site.',
    );
    await post('/painel/vagas', { ...DRIVER }).expect(403);
    expect(await repository.positions.listAll()).toEqual([]);
  });

  it('sends someone not signed in to sign in, and refuses a post from another site', async () => {
    const { app, repository, post } = await site();

    const res = await request(app).get('/painel/vagas').expect(303);
    expect(res.headers.location).toBe('/entrar?volta=%2Fpainel%2Fvagas');
    await post('/painel/vagas', { ...DRIVER })
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(await repository.positions.listAll()).toEqual([]);
  });
});
