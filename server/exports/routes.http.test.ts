import request from 'supertest';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { createTestApp, testRepository } from '../../test/support/app';
import {
  ADMIN_TOKEN,
  bearer,
  downloadExport,
  fullQuote,
  sampleContact,
  validContact,
  validQuote,
} from '../../test/support/leads';
import { openConnection, serving } from '../../test/support/raw-http';
import { eventually } from '../../test/support/wait';
import { DatabaseUnavailableError } from '../db/database';

const BOM = '\uFEFF';

/** The file as the admin downloads it, its body decoded, whatever supertest makes of text/csv. */
const download = async (app: Parameters<typeof downloadExport>[0], path: string) => {
  const res = await downloadExport(app, path);
  return { status: res.status, headers: res.headers, body: (res.body as Buffer).toString('utf8') };
};

describe('CSV exports', () => {
  it('need the admin token and are never cached', async () => {
    const { app } = createTestApp({ adminToken: ADMIN_TOKEN });
    for (const path of ['/api/contacts.csv', '/api/quotes.csv']) {
      const refused = await request(app).get(path);
      expect([refused.status, refused.headers['cache-control']]).toEqual([401, 'no-store']);
      expect((await request(createTestApp().app).get(path)).status).toBe(403);
    }
  });

  it('answer HEAD with a GET’s headers, reading no lead and recording no export', async () => {
    const repository = testRepository();
    await repository.contacts.createContact(validContact(sampleContact));
    const batches = vi.spyOn(repository.contacts, 'contactBatches');
    const { app } = createTestApp({ repository, adminToken: ADMIN_TOKEN });

    const res = await request(app).head('/api/contacts.csv').set('Authorization', bearer);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(batches).not.toHaveBeenCalled();
    expect(await repository.audit.readAudit({ limit: 5 })).toEqual([]);
  });

  it('stream every contact, newest first, across several batches, as Excel in Portuguese opens it', async () => {
    const repository = testRepository();
    const total = 1_201;
    for (let n = 1; n <= total; n++)
      await repository.contacts.createContact(validContact({ ...sampleContact, message: `m${n}` }));
    const { app } = createTestApp({ adminToken: ADMIN_TOKEN, repository });

    const res = await download(app, '/api/contacts.csv');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contatos-${todayInSaoPaulo()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body as string;
    expect(
      text.startsWith(
        `${BOM}"ID";"Recebido em";"Situação";"Nome";"E-mail";"Telefone";"Empresa";"Mensagem";"Formulário";`,
      ),
    ).toBe(true);
    const lines = text.slice(BOM.length).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(total);
    expect(rows.map((row) => row.split(';')[7])).toEqual(Array.from({ length: total }, (_, i) => `"m${total - i}"`));
  });

  it('quote every cell, keep separators, quotes and line breaks inside it, and neutralise formulas', async () => {
    const repository = testRepository();
    // Stored as given: the repository does not validate, so a cell may begin with anything.
    await repository.contacts.createContact({
      name: '=HYPERLINK("http://mal.example","Clique")',
      email: '@ana@empresa.com.br',
      phone: '+55 (91) 3222-1100',
      company: '-2+3; "Açaí" & Cia',
      message: 'Linha 1;\nLinha "2"\r\n\tcom tab',
    });
    await repository.contacts.createContact({
      name: '\tTab',
      email: 'x@y.com.br',
      phone: undefined,
      company: undefined,
      message: '\rCR',
    });
    const { app } = createTestApp({ adminToken: ADMIN_TOKEN, repository });

    const rows = ((await download(app, '/api/contacts.csv')).body as string).split('\r\n');

    // From the name to the message: the ID, the time and the source's five cells left out.
    const cells = (row: string) => row.split('";"').slice(3, -5).join('";"');
    expect(cells(rows[1]!)).toBe(`'\tTab";"x@y.com.br";"";"";"'\rCR`);
    expect(cells(`${rows[2]}\r\n${rows[3]}`)).toBe(
      `'=HYPERLINK(""http://mal.example"",""Clique"")";"'@ana@empresa.com.br";"\u2060+55 (91) 3222-1100";` +
        `"'-2+3; ""Açaí"" & Cia";"Linha 1;\nLinha ""2""\r\n\tcom tab`,
    );
  });

  // Issue 52's fields: an ANTT category and its segment, the CNPJ, the goods' value, how often.
  const NEW_FIELDS = {
    cnpj: '12.ABC.345/01DE-35',
    cargoType: 'granel_liquido',
    segment: 'bebidas',
    goodsValue: 150000.5,
    frequency: 'mensal',
  };

  it('export quotes with Portuguese headers, labels, a decimal comma and times in Brasília', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    vi.setSystemTime(new Date('2030-03-15T15:04:05.678Z'));
    const repository = testRepository();
    const source = { form: 'parceiro', page: '/cotacao', utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'norte' };
    const { record } = await repository.quotes.createQuote(
      validQuote({ ...fullQuote, ...NEW_FIELDS, weightTons: 27.125, source }),
    );
    const { app } = createTestApp({ adminToken: ADMIN_TOKEN, repository });

    const res = await download(app, '/api/quotes.csv');

    expect(res.headers['content-disposition']).toBe('attachment; filename="cotacoes-2030-03-15.csv"');
    expect(res.body).toBe(
      `${BOM}"ID";"Recebida em";"Situação";"Nome";"E-mail";"Telefone";"Empresa";"CNPJ";"Cidade de origem";` +
        '"UF de origem";"Cidade de destino";"UF de destino";"Tipo de carga";"Segmento";"Peso (t)";"Veículo";' +
        '"Valor da mercadoria (R$)";"Data de coleta";"Frequência";"Observações";' +
        '"Formulário";"Página";"utm_source";"utm_medium";"utm_campaign"\r\n' +
        `"${record.id}";"2030-03-15 12:04:05";"Novo";"Carlos Lima";"carlos@bebidasdonorte.com.br";` +
        `"\u2060+55 (91) 98765-4321";"Açaí & Cia — Distribuição";"12.ABC.345/01DE-35";"Campinas";"SP";"Belém";"PA";` +
        '"Granel líquido";"Bebidas";"27,125";"Carreta — 28 t";"150000,5";"2099-12-31";"Todo mês";' +
        '"Carga paletizada 🚚\nDescarga com doca.";"parceiro";"/cotacao";"google";"cpc";"norte"\r\n',
    );
  });

  it('answer 503 in JSON when the database is out of reach before the first byte', async () => {
    const repository = testRepository();
    const { app } = createTestApp({
      adminToken: ADMIN_TOKEN,
      repository: {
        ...repository,
        contacts: {
          ...repository.contacts,
          // biome-ignore lint/correctness/useYield: a read that fails before its first row.
          async *contactBatches() {
            throw new DatabaseUnavailableError('PostgreSQL indisponível');
          },
        },
      },
    });

    const res = await request(app).get('/api/contacts.csv').set('Authorization', bearer);

    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      code: expect.any(String),
      message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    });
  });

  it('read batches of about 128 KB of CSV, fewer rows when the rows are long', async () => {
    const repository = testRepository();
    for (let n = 0; n < 300; n++)
      await repository.contacts.createContact(validContact({ ...sampleContact, message: `${n} ${'m'.repeat(4_000)}` }));
    const asked: number[] = [];
    const { app } = createTestApp({
      adminToken: ADMIN_TOKEN,
      repository: {
        ...repository,
        contacts: {
          ...repository.contacts,
          contactBatches: (nextSize) =>
            repository.contacts.contactBatches(() => {
              asked.push(nextSize());
              return asked.at(-1)!;
            }),
        },
      },
    });

    const res = await download(app, '/api/contacts.csv');

    expect(res.body.split('\r\n')).toHaveLength(302);
    // 64 rows first, then as many rows of about 4 KB as make 128 KB.
    expect(asked[0]).toBe(64);
    for (const rows of asked.slice(1)) expect(rows).toBeGreaterThanOrEqual(28);
    for (const rows of asked.slice(1)) expect(rows).toBeLessThanOrEqual(32);
  });

  it('answer 503 with Retry-After past 8 exports at once, and the next one once a place is free', async () => {
    const repository = testRepository();
    const { id, createdAt } = (await repository.contacts.createContact(validContact(sampleContact))).record;
    const contact = {
      ...validContact(sampleContact),
      id,
      status: 'new' as const,
      createdAt,
      message: 'm'.repeat(2_000),
    };
    const { app } = createTestApp({
      adminToken: ADMIN_TOKEN,
      repository: {
        ...repository,
        contacts: {
          ...repository.contacts,
          // Without end, 500 rows of about 2 KB a batch: no socket buffer holds it.
          async *contactBatches(nextSize) {
            for (let n = 0; n < 100_000; n++) yield Array.from({ length: nextSize() }, () => contact);
          },
        },
      },
    });
    const { port } = await serving(app);
    const stalled: ReturnType<typeof openConnection>[] = [];
    for (let i = 0; i < 8; i++) {
      const connection = openConnection(port, { stalled: true });
      await connection.write(`GET /api/contacts.csv HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer}\r\n\r\n`);
      stalled.push(connection);
    }
    await eventually(async () => {
      const refused = await request(app).get('/api/contacts.csv').set('Authorization', bearer);
      expect([refused.status, refused.headers['retry-after']]).toEqual([503, '10']);
      expect(refused.body).toEqual({
        success: false,
        code: 'EXPORTS_BUSY',
        message: 'Há exportações demais em andamento. Tente novamente em alguns segundos.',
      });
    });
    stalled[0]!.destroy();
    await eventually(async () => {
      const connection = openConnection(port);
      await connection.write(`GET /api/contacts.csv HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer}\r\n\r\n`);
      await eventually(() => expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/));
      connection.destroy();
    });
  });
});
