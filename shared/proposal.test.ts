import { describe, expect, it } from 'vitest';
import { includedText, parsePrice, readProposalForm } from './proposal';

// A proposal's price as a Brazilian types it, and its dates on São Paulo's calendar (docs/requirements.md §9.6).

describe('a proposal’s price', () => {
  it.each([
    ['4850', 485_000],
    ['4.850', 485_000],
    ['4.850,5', 485_050],
    ['R$ 4.850,50', 485_050],
    ['1.234.567,89', 123_456_789],
    ['0,01', 1],
    ['10.000.000,00', 1_000_000_000],
  ])('reads %s as %i centavos', (typed, cents) => {
    expect(parsePrice(typed)).toEqual({ cents });
  });

  it.each([
    ['', 'Informe o preço'],
    ['-10', 'maior que zero'],
    ['0,00', 'maior que zero'],
    ['1e5', 'só com números'],
    ['4.85', 'só com números'],
    ['4850.50', 'só com números'],
    ['4,850', 'só com números'],
    ['10.000.000,01', 'no máximo R$ 10.000.000,00'],
    ['9'.repeat(400), 'no máximo'],
    ['４８５０', 'só com números'],
  ])('refuses %j, saying why', (typed, why) => {
    expect(parsePrice(typed)).toEqual({ error: expect.stringContaining(why) });
  });
});

describe('a proposal’s form', () => {
  const today = '2026-11-28';
  const valid = {
    preco: '4.850',
    validade: '2026-12-05',
    coleta_de: '2026-12-01',
    coleta_ate: '2026-12-02',
    prazo_entrega: '7',
  };

  it('reads the terms, the boxes ticked and the texts trimmed', () => {
    expect(readProposalForm({ ...valid, pedagio: 'sim', inclui: '  descarga ' }, today)).toEqual({
      terms: {
        priceCents: 485_000,
        includesToll: true,
        includesInsurance: false,
        includesIcms: false,
        includesText: 'descarga',
        validUntil: '2026-12-05',
        pickupFrom: '2026-12-01',
        pickupTo: '2026-12-02',
        deliveryDays: 7,
      },
    });
  });

  it.each(['', '0', '61', '7,5', 'sete'])('refuses a prazo de entrega of %j (docs/requirements.md §12.4)', (prazo) => {
    expect(readProposalForm({ ...valid, prazo_entrega: prazo }, today)).toEqual({
      errors: { prazo_entrega: 'Informe o prazo de entrega em dias após a coleta, de 1 a 60.' },
    });
  });

  it('refuses a validity past 90 days and a pickup that started yesterday', () => {
    const read = readProposalForm({ ...valid, validade: '2027-03-01', coleta_de: '2026-11-27' }, today);

    expect(read).toEqual({
      errors: {
        validade: 'A validade pode ser de no máximo 90 dias.',
        coleta_de: 'A coleta não pode começar no passado.',
      },
    });
  });

  it('names what the price includes in plain words', () => {
    const terms = { includesToll: true, includesInsurance: true, includesIcms: true };
    expect(includedText({ ...terms } as never)).toBe('pedágio, seguro da carga e ICMS');
    expect(includedText({} as never)).toBe('somente o frete');
  });
});
