import request from 'supertest';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { newestFirst, storeContact, storeQuote } from '../../test/support/inbox';
import { signedInMember } from '../../test/support/members';

// GET /painel/leads.csv (docs/requirements.md §6.4, §10.16): the inbox's view as one
// CSV file, with the team's work on each lead, on both backends.

/** The rows of a CSV file as this site writes it (';', RFC 4180 quotes, CRLF), header first. */
function rowsOf(text: string) {
  const rows: string[][] = [];
  let [row, cell, quoted] = [[] as string[], '', false];
  for (let at = text.startsWith('\uFEFF') ? 1 : 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted && char === '"' && text[at + 1] === '"') [cell, at] = [`${cell}"`, at + 1];
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') [row, cell] = [[...row, cell], ''];
    else if (!quoted && char === '\r' && text[at + 1] === '\n') {
      rows.push([...row, cell]);
      [row, cell, at] = [[], '', at + 1];
    } else cell += char;
  }
  return rows;
}

/** The file's rows as objects by header. */
const sheetOf = (text: string) => {
  const [headers, ...rows] = rowsOf(text);
  return rows.map((row) => Object.fromEntries(headers!.map((header, n) => [header, row[n]])));
};

const [contact, quote] = [storeContact, storeQuote];

describe.each(backendsForThisFile())('the inbox’s export on $name', (backend) => {
  async function setUp() {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const admin = await signedInMember(repository, 'admin');
    const seller = await signedInMember(repository, 'vendas');
    const by = { actor: { kind: 'member', id: seller.member.id, email: seller.member.email } } as const;
    const get = (path: string, cookie = admin.cookie) => request(app).get(path).set('Cookie', cookie);
    return { repository, admin, seller, by, get };
  }

  it('writes the view’s leads, contacts and quotes in one file, with status, owner, lost reason and notes', async () => {
    const { repository, seller, by, get } = await setUp();
    const worked = await contact(repository, { name: 'Conceição Araújo', message: 'Frete de açaí para São Paulo' });
    const lost = await quote(repository, { name: '=HYPERLINK("http://mal.example")' });
    await contact(repository, { name: 'Ainda novo' });
    await repository.inbox.changeLead(
      worked,
      1,
      { status: 'contacted', owner: seller.member.id, note: 'Ligou às 9h' },
      by,
    );
    await repository.inbox.changeLead(worked, 2, { note: '=1+1; segunda nota\ncom quebra' }, by);
    await repository.inbox.changeLead(lost, 1, { status: 'lost', lostReason: '-Preço alto' }, by);

    const all = await get('/painel/leads.csv').expect(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(all.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
    expect(all.headers['cache-control']).toBe('no-store');
    const rows = sheetOf(all.text);
    expect(rows.map((row) => row.Nome)).toEqual([
      'Ainda novo',
      `'=HYPERLINK("http://mal.example")`,
      'Conceição Araújo',
    ]);
    expect(rows.map((row) => [row.Tipo, row.Situação])).toEqual([
      ['Contato', 'Novo'],
      ['Cotação', 'Perdido'],
      ['Contato', 'Em contato'],
    ]);
    const [, lostRow, workedRow] = rows;
    // A formula in any cell stays inert: the lost reason starts with '-'.
    expect(lostRow!['Motivo da perda']).toBe("'-Preço alto");
    expect(lostRow!['Cidade de origem']).toBe('Campinas');
    expect(workedRow!['Cidade de origem']).toBe('');
    expect(workedRow!.Mensagem).toBe('Frete de açaí para São Paulo');
    expect(workedRow!.Responsável).toBe(seller.member.name);
    expect(workedRow!['Respondido em']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Every note in one cell, oldest first, each with its time in São Paulo and its author.
    const notes = workedRow!['Notas da equipe']!.split('\n');
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatch(new RegExp(`^\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d ${seller.member.name}: Ligou às 9h$`));
    expect(notes[1]).toMatch(/ =1\+1; segunda nota$/);
    expect(notes[2]).toBe('com quebra');
  });

  it('honours the filter, search included, and audits the filter without the search’s words', async () => {
    const { repository, admin, seller, by, get } = await setUp();
    const wanted = await contact(repository, { message: 'Carga saindo de São Paulo', source: { utmSource: 'google' } });
    const taken = await contact(repository, { message: 'Carga saindo de São Paulo', source: { utmSource: 'google' } });
    await contact(repository, { message: 'Carga para Manaus', source: { utmSource: 'google' } });
    await quote(repository, { source: { utmSource: 'google' } });
    await repository.inbox.changeLead(taken, 1, { status: 'contacted' }, by);

    const res = await get('/painel/leads.csv?q=sao+paulo&situacao=new&tipo=contact&origem=google').expect(200);

    expect(sheetOf(res.text).map((row) => row.ID)).toEqual([wanted]);
    const [line] = await repository.audit.readAudit({ action: 'leads.exported', limit: 5 });
    expect(line).toMatchObject({
      actor: admin.member.email,
      detail: { table: 'leads', filter: 'situacao=new&tipo=contact&origem=google', searchWords: 2 },
    });
    expect(JSON.stringify(line)).not.toMatch(/paulo/i);
    // A salesperson works the leads in the inbox; the bulk copy is an admin's.
    const refused = await get('/painel/leads.csv', seller.cookie).expect(403);
    expect(refused.text).not.toContain(wanted);
  });

  it('exports the clock’s "Atrasados" view as the list shows it: new leads past the promise', async () => {
    onTestFinished(() => void vi.useRealTimers());
    const { repository, by, get } = await setUp();
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 2 November 2026 (a holiday, Finados) and Tuesday 3rd at 9:00 in São Paulo: long overdue.
    vi.setSystemTime(new Date('2026-11-03T12:00:00Z'));
    const overdue = await contact(repository, { name: 'Atrasado' });
    const answered = await contact(repository, { name: 'Respondido' });
    vi.useRealTimers();
    await repository.inbox.changeLead(answered, 1, { status: 'contacted' }, by);
    await contact(repository, { name: 'Acabou de chegar' });

    const res = await get('/painel/leads.csv?visao=atrasados').expect(200);

    expect(sheetOf(res.text).map((row) => row.ID)).toEqual([overdue]);
    const [line] = await repository.audit.readAudit({ action: 'leads.exported', limit: 1 });
    expect(line?.detail).toMatchObject({ filter: 'visao=atrasados' });
  });

  it('streams a view longer than many batches, each lead once, newest first', { timeout: 60_000 }, async () => {
    const { repository, get } = await setUp();
    const ids: string[] = [];
    for (let n = 0; n < 160; n++) ids.push(await (n % 3 ? contact : quote)(repository, { name: `Pessoa ${n}` }));

    const res = await get('/painel/leads.csv').expect(200);

    expect(sheetOf(res.text).map((row) => row.ID)).toEqual(newestFirst(ids));
  });

  it('refuses a view it cannot read, in Portuguese, and exports and audits nothing', async () => {
    const { repository, get } = await setUp();
    await contact(repository, {});

    const res = await get('/painel/leads.csv?situacao=talvez&de=2026-02-30').expect(400);

    expect(res.text).toContain('Filtro inválido, nada exportado: Situação desconhecida');
    expect(res.text).toContain('Data “de” inválida');
    expect(await repository.audit.readAudit({ action: 'leads.exported', limit: 1 })).toEqual([]);
  });
});
