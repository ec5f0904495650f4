import { describe, expect, it } from 'vitest';
import { parseView, startOfDayInSaoPaulo, viewSearch, withPromise } from './query';

// A view of the inbox is its URL (docs/requirements.md §6.4): what the list, the export and the links share.
describe('a view of the inbox', () => {
  it('reads every filter, the dates as whole days in São Paulo', () => {
    const view = parseView({
      q: ' são  Paulo ',
      situacao: 'contacted',
      tipo: 'quote',
      responsavel: 'ninguem',
      origem: 'google',
      campanha: 'norte',
      de: '2026-11-20',
      ate: '2026-11-21',
      apos: '2026-11-22T12:00:00.000Z_0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab',
    });
    expect(view.problems).toEqual([]);
    expect(view.query).toEqual({
      words: ['são', 'Paulo'],
      status: 'contacted',
      kind: 'quote',
      owner: null,
      source: 'google',
      campaign: 'norte',
      since: '2026-11-20T03:00:00.000Z',
      until: '2026-11-22T03:00:00.000Z',
    });
    expect(view.cursor).toEqual({ createdAt: '2026-11-22T12:00:00.000Z', id: '0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab' });
    expect(viewSearch(view.params, view.cursor)).toBe(
      '?q=s%C3%A3o++Paulo&situacao=contacted&tipo=quote&responsavel=ninguem&origem=google&campanha=norte' +
        '&de=2026-11-20&ate=2026-11-21&apos=2026-11-22T12%3A00%3A00.000Z_0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab',
    );
  });

  it('names each value it cannot read, in Portuguese, and leaves it out', () => {
    const view = parseView({
      situacao: 'pendente',
      tipo: 'x',
      responsavel: "1' OR 1=1",
      de: '2026-02-30',
      ate: '2026-13-01',
      apos: 'x_y',
    });
    expect(view.query).toEqual({});
    expect(view.cursor).toBeUndefined();
    expect(view.problems).toEqual([
      'Situação desconhecida: escolha uma da lista.',
      'Tipo desconhecido: escolha contato ou cotação.',
      'Responsável desconhecido: escolha um da lista.',
      'Data “de” inválida: use o calendário, ou AAAA-MM-DD.',
      'Data “até” inválida: use o calendário, ou AAAA-MM-DD.',
      'Link de página inválido: voltamos ao começo da lista.',
    ]);
  });

  it('begins a day at São Paulo’s midnight, with the offset it had then', () => {
    expect(startOfDayInSaoPaulo('2026-11-26').toISOString()).toBe('2026-11-26T03:00:00.000Z');
    // Summer time, 2018–2019.
    expect(startOfDayInSaoPaulo('2019-01-15').toISOString()).toBe('2019-01-15T02:00:00.000Z');
  });

  it('reads the clock’s views as new leads before a cutoff, within the period asked', () => {
    const cutoffs = { overdue: new Date('2026-11-26T12:00:00.000Z'), atRisk: new Date('2026-11-26T12:30:00.000Z') };
    const overdue = parseView({ visao: 'atrasados', tipo: 'quote' });
    const soon = parseView({ visao: 'vencem-em-breve', de: '2026-11-26' });

    expect(overdue.problems).toEqual([]);
    expect(withPromise(overdue.query, overdue.promise, cutoffs)).toEqual({
      kind: 'quote',
      status: 'new',
      startedBefore: '2026-11-26T12:00:00.000Z',
    });
    // The clock's cutoffs bound when the clock started; the period, when the lead arrived.
    expect(withPromise(soon.query, soon.promise, cutoffs)).toEqual({
      status: 'new',
      since: '2026-11-26T03:00:00.000Z',
      startedSince: '2026-11-26T12:00:00.000Z',
      startedBefore: '2026-11-26T12:30:00.000Z',
    });
    const old = parseView({ visao: 'atrasados', ate: '2026-11-20' });
    expect(withPromise(old.query, old.promise, cutoffs)).toMatchObject({
      until: '2026-11-21T03:00:00.000Z',
      startedBefore: '2026-11-26T12:00:00.000Z',
    });
    expect(viewSearch(soon.params)).toBe('?visao=vencem-em-breve&de=2026-11-26');
    expect(withPromise({ kind: 'contact' }, undefined, cutoffs)).toEqual({ kind: 'contact' });
  });

  it('names an unknown view, and a status the clock’s views leave out', () => {
    expect(parseView({ visao: 'urgentes' }).problems).toEqual([
      'Visão desconhecida: escolha Atrasados ou Vencem em breve.',
    ]);
    const view = parseView({ visao: 'atrasados', situacao: 'won' });
    expect(view.query.status).toBe('new');
    expect(view.problems).toEqual([
      'Atrasados e Vencem em breve mostram só leads novos: a situação escolhida ficou de fora.',
    ]);
  });
});
