import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, testRepository } from '../../test/support/app';
import { sampleContact, sampleQuote, validContact, validQuote } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { type Cell, findSoffice, openInCalc } from '../../test/support/spreadsheet';
import { needs } from '../../test/support/tools';

// Issue 34's browser check, its file half: "An admin exports the filter and opens it in LibreOffice
// with the pt-BR import, status and notes included" (docs/requirements.md §6.4, §10.16).

const soffice = findSoffice();

const text = (value: string): Cell => ({ type: 'text', text: value });

describe('the inbox’s export opened in LibreOffice Calc, pt-BR', { timeout: 120_000, ...needs('soffice') }, () => {
  it('puts status, owner and notes in their cells, accents and line breaks intact', async () => {
    const repository = testRepository();
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const seller = await signedInMember(repository, 'vendas');
    const by = { actor: { kind: 'member', id: seller.member.id, email: seller.member.email } } as const;
    const name = 'Conceição Araújo';
    const { record } = await repository.contacts.createContact(validContact({ ...sampleContact, name }));
    await repository.quotes.createQuote(validQuote(sampleQuote));
    const first = 'Ligação feita; pediu proposta "urgente" até sexta';
    await repository.inbox.changeLead(record.id, 1, { status: 'contacted', owner: seller.member.id, note: first }, by);
    await repository.inbox.changeLead(record.id, 2, { note: '=SOMA(1;2) é a fórmula que ele mandou' }, by);

    const res = await request(app)
      .get('/painel/leads.csv?tipo=contact')
      .set('Cookie', admin.cookie)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const { leads } = await openInCalc(soffice!, { leads: res.body as Buffer });

    const [headers, ...rows] = leads!;
    expect(rows).toHaveLength(1);
    const cellOf = (header: string) =>
      rows[0]![headers!.findIndex((cell) => cell.type === 'text' && cell.text === header)];
    expect(cellOf('Tipo')).toEqual(text('Contato'));
    expect(cellOf('Nome')).toEqual(text(name));
    expect(cellOf('Situação')).toEqual(text('Em contato'));
    expect(cellOf('Responsável')).toEqual(text(seller.member.name));
    expect(cellOf('Respondido em')).toMatchObject({ type: 'date' });
    const notes = cellOf('Notas da equipe');
    expect(notes?.type).toBe('text');
    const lines = (notes as { text: string }).text.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d ${seller.member.name}: ${first}$`));
    expect(lines[1]).toMatch(/: =SOMA\(1;2\) é a fórmula que ele mandou$/);
  });
});
