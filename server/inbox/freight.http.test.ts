import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { newTableLike } from '../../test/support/antt';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable, storeContact, storeQuote } from '../../test/support/inbox';
import { signedInMember } from '../../test/support/members';
import type { Repository } from '../composition/repository';
import { repositoryActs, seedRepositoryActs } from '../freight/acts';

// Each quote's distance and ANTT floor in the inbox and on its page (docs/requirements.md §9.5), over
// real HTTP on both backends.

const [SAO_PAULO, MANAUS] = ['3550308', '1302603'];
const BY_SYSTEM = { actor: { kind: 'system' } } as const;

/** São Paulo to Manaus in the 45 t class (9 axles), carga geral: the act in force today is SUROC 22/2026. */
const toManaus = {
  origin: { city: 'São Paulo', state: 'SP' },
  destination: { city: 'Manaus', state: 'AM' },
  cargoType: 'carga_geral',
  vehicle: '45t',
  weightTons: 40,
};

/** A lead's card, from its link to the end of its item. */
const card = (html: string, id: string) => new RegExp(`/painel/leads/${id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';

/** Text as a reader gets it: no tags, entities decoded, spaces collapsed. */
const words = (html: string) =>
  readable(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .replace(/ ([,.:)])/g, '$1');

describe.each(backendsForThisFile())('a quote’s distance and floor on $name', (backend) => {
  async function setUp() {
    const repository: Repository = await backend.fresh();
    await seedRepositoryActs(repository.freight);
    const { app } = createTestApp({ repository });
    const seller = await signedInMember(repository, 'vendas');
    const get = (path: string) => request(app).get(path).set('Cookie', seller.cookie);
    return { repository, get };
  }

  it('shows the lane’s km with the barge leg apart, the floor of the road km and the act, on the quote’s page', async () => {
    const { repository, get } = await setUp();
    await repository.freight.setLane({ origin: SAO_PAULO, destination: MANAUS, roadKm: 3050, bargeKm: 880 }, BY_SYSTEM);
    const id = await storeQuote(repository, toManaus);

    const res = await get(`/painel/leads/${id}`);

    expect(res.status).toBe(200);
    const text = words(res.text);
    expect(text).toContain('Distância e piso mínimo da ANTT');
    expect(text).toContain('Distância 3.930 km Trechos 3.050 km de rodovia e 880 km de balsa');
    // 3.050 × 9,4114 + 903,32.
    expect(text).toContain('Piso mínimo do frete R$ 29.608,09');
    expect(text).toContain('Cálculo 3.050 km × R$ 9,4114 + R$ 903,32 (carga geral com 9 eixos)');
    expect(text).toContain('Tabela Portaria SUROC nº 22/2026, em vigor desde 30/09/2026: Tabela A (carga lotação)');
    expect(text).toContain('O piso vale para o trecho rodoviário; a balsa é cobrada à parte.');
    expect(text).not.toContain('estimativa');
  });

  it('labels a pair missing from the lane table “estimativa”, in the list and on the page', async () => {
    const { repository, get } = await setUp();
    const id = await storeQuote(repository, { ...toManaus, vehicle: '28t', weightTons: 20 });

    const [list, page] = [words(card((await get('/painel')).text, id)), words((await get(`/painel/leads/${id}`)).text)];

    expect(list).toMatch(
      /Distância \d\.\d{3} km estimativa Piso ANTT R\$ \d{1,2}\.\d{3},\d\d Portaria SUROC nº 22\/2026/,
    );
    expect(page).toMatch(/Distância \d\.\d{3} km estimativa Piso mínimo do frete R\$/);
    expect(page).toContain('Estimativa: a distância em linha reta entre as sedes dos municípios');
    expect(page).toContain('(carga geral com 6 eixos)');
    expect(page).not.toContain('Trechos');
  });

  it('shows the distance and the floor on each quote’s card in the inbox, and none on a contact’s', async () => {
    const { repository, get } = await setUp();
    await repository.freight.setLane({ origin: SAO_PAULO, destination: MANAUS, roadKm: 3050, bargeKm: 880 }, BY_SYSTEM);
    const quote = await storeQuote(repository, toManaus);
    const contact = await storeContact(repository, {});

    const html = (await get('/painel')).text;

    expect(words(card(html, quote))).toContain(
      'Distância 3.930 km (3.050 km de rodovia e 880 km de balsa) Piso ANTT R$ 29.608,09 Portaria SUROC nº 22/2026',
    );
    expect(card(html, contact)).not.toContain('Piso ANTT');
    expect(card(html, contact)).not.toContain('Distância');
  });

  it('says a cell the act in force leaves blank is blank, and keeps an older quote under its own act', async () => {
    const { repository, get } = await setUp();
    const older = await storeQuote(repository, { ...toManaus, vehicle: '28t', weightTons: 20 });
    await backend.exec(`UPDATE quotes SET created_at = '2026-10-15T15:00:00.000Z' WHERE id = '${older}'`);
    // An act in force since 01/11/2026 that prices no carga geral on 6 axles.
    const input = newTableLike(repositoryActs()[3]!, {
      id: 'portaria-teste-2026',
      name: 'Portaria de teste nº 1/2026',
      effectiveFrom: '2026-11-01',
    });
    input.cells.carga_geral!['6'] = null;
    await repository.freight.addAnttTable(input, BY_SYSTEM);
    const newer = await storeQuote(repository, { ...toManaus, vehicle: '28t', weightTons: 20 });

    const html = (await get('/painel')).text;
    const page = words((await get(`/painel/leads/${newer}`)).text);

    const blank = 'A tabela não fixa piso para carga geral com 6 eixos (Portaria de teste nº 1/2026).';
    expect(words(card(html, newer))).toContain(`Piso ANTT ${blank}`);
    expect(page).toContain(`Piso mínimo do frete ${blank}`);
    expect(page).toContain('Tabela Portaria de teste nº 1/2026, em vigor desde 01/11/2026');
    expect(words(card(html, older))).toMatch(/Piso ANTT R\$ [\d.]+,\d\d Portaria SUROC nº 22\/2026/);
  });

  it('says what an old API client’s quote lacks for a floor, and a place the IBGE table does not know', async () => {
    const { repository, get } = await setUp();
    const old = await storeQuote(repository, {});
    const nowhere = await storeQuote(repository, {
      ...toManaus,
      destination: { city: 'Eldorado dos Carajás do Sul', state: 'PA' },
    });

    const html = (await get('/painel')).text;

    expect(words(card(html, old))).toContain('Piso ANTT Sem piso: falta um tipo de carga da ANTT e o veículo.');
    expect(words(card(html, nowhere))).toContain(
      'Distância não calculada: município fora da tabela do IBGE Piso ANTT Sem piso: falta a distância.',
    );
  });
});
