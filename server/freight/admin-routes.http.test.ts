import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable, storeQuote } from '../../test/support/inbox';
import { signedInMember } from '../../test/support/members';
import type { Repository } from '../composition/repository';
import { repositoryActs, seedRepositoryActs } from './acts';

// The admin's freight screens (docs/requirements.md §9.5) over real HTTP on both backends: the lane
// table and the ANTT's acts, admins only, same-site posts, audited, every refusal in Portuguese with
// nothing stored.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };
const [SAO_PAULO, MANAUS] = ['3550308', '1302603'];

/** Text as a reader gets it: no tags, entities decoded, spaces collapsed. */
const words = (html: string) =>
  readable(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .replace(/ ([,.:)])/g, '$1');

/** Portaria SUROC nº 22/2026's Tabela A as a spreadsheet copies it: tab-separated, CCD and CC apart, decimal commas. */
const suroc22Pasted = () => {
  const suroc22 = repositoryActs()[3]!;
  return Object.entries(suroc22.cells)
    .map(([cargo, row]) =>
      [
        cargo,
        ...Object.values(row).flatMap((cell) =>
          cell.kind === 'priced' ? [cell.ccd.replace('.', ','), cell.cc.replace('.', ',')] : ['—', '—'],
        ),
      ].join('\t'),
    )
    .join('\n');
};

const newAct = (fields: Record<string, string> = {}) => ({
  nome: 'Portaria SUROC nº 30/2027',
  vigencia: '2027-01-20',
  publicacao: 'DOU de 19/01/2027, seção 1, p. 88',
  tabela: `Tipo de carga\t2 eixos\n${suroc22Pasted()}`,
  ...fields,
});

describe.each(backendsForThisFile())('the freight screens on $name', (backend) => {
  async function setUp() {
    const repository: Repository = await backend.fresh();
    await seedRepositoryActs(repository.freight);
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const get = (path: string, cookie = admin.cookie) => request(app).get(path).set('Cookie', cookie);
    const post = (path: string, body: Record<string, string>, cookie = admin.cookie) =>
      request(app).post(path).set(SAME_SITE).set('Cookie', cookie).type('form').send(body);
    return { app, repository, admin, get, post };
  }

  it('opens to admins alone, the server checking the role of every route', async () => {
    const { app, repository, get, post } = await setUp();
    const seller = await signedInMember(repository, 'vendas');
    const lane = { origem: 'São Paulo/SP', destino: 'Manaus/AM', rodovia: '3050', balsa: '' };

    const refused = [
      (await get('/painel/frete/rotas', seller.cookie)).status,
      (await get('/painel/frete/tabelas', seller.cookie)).status,
      (await get('/painel/frete/tabelas/portaria-suroc-22-2026', seller.cookie)).status,
      (await post('/painel/frete/rotas', lane, seller.cookie)).status,
      (await post('/painel/frete/rotas/remover', { a: MANAUS, b: SAO_PAULO }, seller.cookie)).status,
      (await post('/painel/frete/tabelas', newAct(), seller.cookie)).status,
    ];
    const signedOut = await request(app).get('/painel/frete/rotas');

    expect(refused).toEqual([403, 403, 403, 403, 403, 403]);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.location).toBe('/entrar?volta=%2Fpainel%2Ffrete%2Frotas');
    expect(await repository.freight.lanes()).toEqual([]);
    expect(await repository.freight.anttTables()).toHaveLength(4);
    expect((await get('/painel')).text).toContain('href="/painel/frete/tabelas"');
    expect((await get('/painel', seller.cookie)).text).not.toContain('href="/painel/frete/tabelas"');
  });

  it('refuses a post from another site, storing nothing', async () => {
    const { app, repository, admin } = await setUp();
    const res = await request(app)
      .post('/painel/frete/rotas')
      .set({ 'Sec-Fetch-Site': 'cross-site' })
      .set('Cookie', admin.cookie)
      .type('form')
      .send({ origem: 'São Paulo/SP', destino: 'Manaus/AM', rodovia: '3050' });
    expect(res.status).toBe(403);
    expect(await repository.freight.lanes()).toEqual([]);
  });

  it('adds a lane by the municipalities’ names, audited, and the quotes between them read it', async () => {
    const { repository, admin, get, post } = await setUp();
    const quote = await storeQuote(repository, {
      origin: { city: 'São Paulo', state: 'SP' },
      destination: { city: 'Manaus', state: 'AM' },
      cargoType: 'carga_geral',
      vehicle: '45t',
      weightTons: 40,
    });

    const res = await post('/painel/frete/rotas', {
      origem: 'manaus - am',
      destino: 'Sao Paulo/SP',
      rodovia: '3.050',
      balsa: '880',
    });

    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/painel/frete/rotas?salvo=rota');
    const page = words((await get(res.headers.location!)).text);
    expect(page).toContain('Rota salva.');
    expect(page).toContain('Manaus/AM ↔ São Paulo/SP 3.050 km por rodovia + 880 km de balsa = 3.930 km');
    const [line] = await repository.audit.readAudit({ limit: 1 });
    expect(line).toMatchObject({
      action: 'freight.lane.set',
      actorId: admin.member.id,
      subject: `${MANAUS}–${SAO_PAULO}`,
    });
    const lead = words((await get(`/painel/leads/${quote}`)).text);
    expect(lead).toContain('Distância 3.930 km Trechos 3.050 km de rodovia e 880 km de balsa');
  });

  it('changes a lane through its “Alterar” link, the barge leg dropped', async () => {
    const { repository, get, post } = await setUp();
    await post('/painel/frete/rotas', { origem: 'São Paulo/SP', destino: 'Manaus/AM', rodovia: '3050', balsa: '880' });

    const list = (await get('/painel/frete/rotas')).text;
    const edit = readable(/<a href="([^"]+)">Alterar/.exec(list)![1]!);
    const form = (await get(edit)).text;
    expect(form).toContain('value="Manaus/AM"');
    expect(form).toContain('value="3050"');
    expect(form).toContain('value="880"');
    await post('/painel/frete/rotas', { origem: 'Manaus/AM', destino: 'São Paulo/SP', rodovia: '3900', balsa: '' });

    expect(await repository.freight.lanes()).toEqual([
      expect.objectContaining({ places: [MANAUS, SAO_PAULO], roadKm: 3900 }),
    ]);
    expect((await repository.freight.lanes())[0]).not.toHaveProperty('bargeKm');
  });

  it('refuses a lane it cannot read with every problem in Portuguese, the fields kept and nothing stored', async () => {
    const { repository, post } = await setUp();

    const res = await post('/painel/frete/rotas', {
      origem: 'Atlântida/AM',
      destino: 'Manaus',
      rodovia: '3,5',
      balsa: 'muito',
    });
    const same = await post('/painel/frete/rotas', { origem: 'Manaus/AM', destino: 'MANAUS/am', rodovia: '12000' });

    expect(res.status).toBe(400);
    const text = words(res.text);
    for (const problem of [
      'Nada foi gravado.',
      'Origem: município não encontrado no IBGE, “Atlântida – AM”.',
      'Destino: informe o município e a UF, por exemplo “Macapá/AP”.',
      'Informe os km por rodovia como número inteiro, por exemplo 3050.',
      'Informe os km de balsa como número inteiro, ou deixe em branco.',
    ])
      expect(text).toContain(problem);
    expect(res.text).toContain('value="Atlântida/AM"');
    expect(res.text).toContain('value="muito"');
    expect(same.status).toBe(400);
    expect(words(same.text)).toContain('A origem e o destino devem ser municípios diferentes.');
    expect(words(same.text)).toContain('Informe os km por rodovia como inteiro de 1 a 9999.');
    expect(await repository.freight.lanes()).toEqual([]);
  });

  it('removes a lane, audited, and says so when it was already gone', async () => {
    const { repository, admin, get, post } = await setUp();
    await post('/painel/frete/rotas', { origem: 'São Paulo/SP', destino: 'Manaus/AM', rodovia: '3050' });

    const removed = await post('/painel/frete/rotas/remover', { a: MANAUS, b: SAO_PAULO });
    const again = await post('/painel/frete/rotas/remover', { a: MANAUS, b: SAO_PAULO });
    const bad = await post('/painel/frete/rotas/remover', { a: 'x', b: SAO_PAULO });

    expect([removed.status, again.status, bad.status]).toEqual([303, 303, 400]);
    expect(words((await get(removed.headers.location!)).text)).toContain('Rota removida.');
    expect(words((await get(again.headers.location!)).text)).toContain('Essa rota já não existia.');
    expect(await repository.freight.lanes()).toEqual([]);
    const [line] = await repository.audit.readAudit({ limit: 1 });
    expect(line).toMatchObject({ action: 'freight.lane.removed', actorId: admin.member.id });
  });

  it('lists the acts, newest first, the one in force today marked, each with its effective date', async () => {
    const { get } = await setUp();
    const text = words((await get('/painel/frete/tabelas')).text);
    expect(text).toContain(
      'Portaria SUROC nº 22/2026 em vigor hoje Vigência: desde 30/09/2026 Gravado por o próprio site, na partida',
    );
    expect(text.indexOf('Portaria SUROC nº 22/2026')).toBeLessThan(text.indexOf('Resolução ANTT nº 6.076/2026'));
    expect(text).toContain('Resolução ANTT nº 6.076/2026 Vigência: desde 20/01/2026');
  });

  it('shows an act’s grid with its blank cells and the cells not transcribed, in words', async () => {
    const { get } = await setUp();
    const suroc22 = (await get('/painel/frete/tabelas/portaria-suroc-22-2026')).text;
    const suroc3 = (await get('/painel/frete/tabelas/portaria-suroc-3-2026')).text;
    const missing = await get('/painel/frete/tabelas/res-antt-9999-2030');

    expect(words(suroc22)).toContain('Células 78 com piso, 6 em branco (o ato não fixa piso)');
    expect(suroc22.match(/não fixa piso<\/span>/g)).toHaveLength(6);
    expect(words(suroc22)).toContain('Carga geral 4,0738 451,84 5,2177 541,86');
    expect(words(suroc22)).toContain('Granel pressurizado — não fixa piso — não fixa piso — não fixa piso 7,1929');
    expect(words(suroc3)).toContain('Células 0 com piso, 0 em branco (o ato não fixa piso), 84 não transcritas');
    expect(missing.status).toBe(404);
  });

  it('adds a new act from a pasted table, audited, pricing later quotes while older ones keep their act', async () => {
    const { repository, admin, get, post } = await setUp();
    const older = await storeQuote(repository, {
      origin: { city: 'São Paulo', state: 'SP' },
      destination: { city: 'Manaus', state: 'AM' },
      cargoType: 'carga_geral',
      vehicle: '45t',
      weightTons: 40,
    });

    const res = await post('/painel/frete/tabelas', newAct());

    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/painel/frete/tabelas/portaria-suroc-no-30-2027?salvo=tabela');
    const page = words((await get(res.headers.location!)).text);
    expect(page).toContain('Tabela gravada.');
    expect(page).toContain('Portaria SUROC nº 30/2027, em vigor desde 20/01/2027');
    expect(page).toContain('DOU de 19/01/2027, seção 1, p. 88');
    expect(page).toContain('Células 78 com piso, 6 em branco');
    const [line] = await repository.audit.readAudit({ limit: 1 });
    expect(line).toMatchObject({
      action: 'antt.table.added',
      actorId: admin.member.id,
      subject: 'portaria-suroc-no-30-2027',
    });
    const stored = (await repository.freight.anttTables()).at(-1)!;
    expect(stored.cells).toEqual(repositoryActs()[3]!.cells);
    expect(words((await get(`/painel/leads/${older}`)).text)).toContain('Portaria SUROC nº 22/2026, em vigor desde');
  });

  it('refuses a table it cannot read, naming each line, with the fields kept and nothing stored', async () => {
    const { repository, admin, post } = await setUp();
    const lines = suroc22Pasted().split('\n');
    lines[1] = lines[1]!.replace('5,2555', '5,2x55');
    lines.splice(4, 1);

    const res = await post(
      '/painel/frete/tabelas',
      newAct({ vigencia: '2026-09-30', publicacao: '  ', tabela: lines.join('\n') }),
    );

    expect(res.status).toBe(400);
    const text = words(res.text);
    for (const problem of [
      'Nada foi gravado.',
      'A vigência deve ser posterior à do ato mais recente (Portaria SUROC nº 22/2026, em vigor desde 30/09/2026)',
      'Informe onde o ato foi publicado',
      'Linha 2 (Granel sólido), 3 eixos: o CCD “5,2x55” não é um valor positivo com até 4 casas decimais.',
      'Faltam as linhas de: Conteinerizada.',
    ])
      expect(text).toContain(problem);
    expect(res.text).toContain('value="Portaria SUROC nº 30/2027"');
    expect(res.text).toContain('5,2x55');
    expect(await repository.freight.anttTables()).toHaveLength(4);
    const audit = await repository.audit.readAudit({ limit: 50 });
    expect(audit.filter((line) => line.actorId === admin.member.id)).toEqual([]);
  });

  it('refuses a second act of the same name', async () => {
    const { repository, post } = await setUp();
    await post('/painel/frete/tabelas', newAct());
    const res = await post('/painel/frete/tabelas', newAct({ vigencia: '2027-07-20' }));
    expect(res.status).toBe(400);
    expect(words(res.text)).toContain('Já existe um ato com este nome.');
    expect(await repository.freight.anttTables()).toHaveLength(5);
  });
});
