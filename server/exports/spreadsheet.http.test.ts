import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, testRepository } from '../../test/support/app';
import {
  ADMIN_TOKEN,
  downloadExport,
  fullQuote,
  sampleContact,
  validContact,
  validQuote,
} from '../../test/support/leads';
import { type Cell, FORMULAS, findSoffice, openInCalc } from '../../test/support/spreadsheet';
import { needs } from '../../test/support/tools';

// docs/requirements.md §10.16: the exports as a salesperson in Brazil opens them, in LibreOffice
// Calc (Debian's libreoffice-calc-nogui) with the pt-BR CSV import, saved as .xlsx and read back
// cell by cell.

const soffice = findSoffice();

/** The file's bytes as the admin downloads them. */
const download = async (app: Parameters<typeof downloadExport>[0], path: string) =>
  (await downloadExport(app, path)).body as Buffer;

/** The leads at fixed instants: one in Brasília's summer time of 2018 (-02:00), one today's -03:00. */
async function storeAt(instant: string, store: () => Promise<unknown>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  try {
    await store();
  } finally {
    vi.useRealTimers();
  }
}

const text = (value: string): Cell => ({ type: 'text', text: value });

describe('the exports opened in LibreOffice Calc, pt-BR', { timeout: 120_000, ...needs('soffice') }, () => {
  it('give date cells in São Paulo time, number cells, phones without apostrophe, inert formulas, text intact', async () => {
    onTestFinished(() => void vi.useRealTimers());
    const repository = testRepository();
    const message = 'Carga seca; 28 t, "urgente"\nSegunda linha — São Paulo → Belém';
    await storeAt('2018-12-01T12:00:00.000Z', () =>
      repository.contacts.createContact(validContact({ ...sampleContact, phone: '+55 11 91234-5678', message })),
    );
    await storeAt('2026-11-22T22:07:20.000Z', () =>
      repository.contacts.createContact(
        validContact({ ...sampleContact, name: 'Conceição Araújo', phone: '11912345678' }),
      ),
    );
    // Stored as given, past validation: a row from before today's rules may begin with anything.
    for (const formula of FORMULAS)
      await repository.contacts.createContact({
        name: formula,
        email: 'x@y.com.br',
        company: formula,
        message: formula,
      });
    await storeAt('2026-11-22T22:07:20.000Z', () =>
      repository.quotes.createQuote(
        validQuote({
          ...fullQuote,
          weightTons: 27.125,
          // Issue 52's fields: a numeric CNPJ stays text, its zeros and punctuation with it; the value a number.
          cnpj: '01.234.567/0001-95',
          cargoType: 'frigorificada',
          segment: 'alimentos',
          goodsValue: 150000.5,
          frequency: 'quinzenal',
        }),
      ),
    );
    const { app } = createTestApp({ adminToken: ADMIN_TOKEN, repository });

    const sheets = await openInCalc(soffice!, {
      contatos: await download(app, '/api/contacts.csv'),
      cotacoes: await download(app, '/api/quotes.csv'),
    });

    const [headers, ...contacts] = sheets.contatos!;
    const at = (name: string) => headers!.findIndex((cell) => cell.type === 'text' && cell.text === name);
    const [received, name, phone, company, note] = ['Recebido em', 'Nome', 'Telefone', 'Empresa', 'Mensagem'].map(at);
    // Newest first: the formulas, last stored first, then the contact of 2026, then the one of 2018.
    const formulaRows = contacts.slice(0, FORMULAS.length).reverse();
    const [conceicao, summer] = contacts.slice(FORMULAS.length);
    expect(summer![received!]).toEqual({ type: 'date', value: '2018-12-01 10:00:00' });
    expect(conceicao![received!]).toEqual({ type: 'date', value: '2026-11-22 19:07:20' });
    // A phone shows as typed: text, no apostrophe, no number (and so no lost digit).
    expect(summer![phone!]).toEqual(text('\u2060+55 11 91234-5678'));
    expect(conceicao![phone!]).toEqual(text('\u206011912345678'));
    expect(summer![note!]).toEqual(text(message));
    expect(conceicao![name!]).toEqual(text('Conceição Araújo'));
    for (const [index, formula] of FORMULAS.entries()) {
      const row = formulaRows[index]!;
      // Calc reads a carriage return inside a quoted cell as a line break: still text, still inert.
      const shown = `'${formula.replace('\r', '\n')}`;
      expect([row[name!], row[company!], row[note!]]).toEqual([text(shown), text(shown), text(shown)]);
    }
    const everyCell = [...sheets.contatos!, ...sheets.cotacoes!].flat();
    expect(everyCell.filter((cell) => cell.type === 'formula')).toEqual([]);

    const [quoteHeaders, quote] = sheets.cotacoes!;
    const cell = (header: string) =>
      quote![quoteHeaders!.findIndex((found) => found.type === 'text' && found.text === header)];
    expect(cell('Recebida em')).toEqual({ type: 'date', value: '2026-11-22 19:07:20' });
    expect(cell('Peso (t)')).toEqual({ type: 'number', value: 27.125 });
    expect(cell('Data de coleta')).toEqual({ type: 'date', value: '2099-12-31 00:00:00' });
    expect(cell('Telefone')).toEqual(text('\u2060+55 (91) 98765-4321'));
    expect(cell('Empresa')).toEqual(text('Açaí & Cia — Distribuição'));
    expect(cell('Observações')).toEqual(text('Carga paletizada 🚚\nDescarga com doca.'));
    expect(cell('CNPJ')).toEqual(text('01.234.567/0001-95'));
    expect(cell('Valor da mercadoria (R$)')).toEqual({ type: 'number', value: 150000.5 });
    expect([cell('Tipo de carga'), cell('Segmento'), cell('Frequência')]).toEqual([
      text('Frigorificada ou aquecida'),
      text('Alimentos'),
      text('A cada 15 dias'),
    ]);
  });
});
