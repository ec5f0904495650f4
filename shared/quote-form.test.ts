import { describe, expect, it } from 'vitest';
import { fieldMessages, parseDecimal, quoteBodyFromForm } from './quote-form';

describe('a decimal as typed in Brazil', () => {
  it.each([
    ['27,5', 27.5],
    ['27.5', 27.5],
    ['1.250.000,00', 1250000],
    ['R$ 150.000', 150000],
    [' 45 ', 45],
  ])('reads %j as %s', (typed, value) => {
    expect(parseDecimal(typed)).toBe(value);
  });

  it('leaves what is no number as typed, for the validator to name', () => {
    expect(parseDecimal('vinte')).toBe('vinte');
    expect(parseDecimal('1,2,3')).toBe('1,2,3');
  });
});

describe("the API's body from the form", () => {
  it('makes a place of its two fields, reads the numbers and leaves empty fields out', () => {
    const body = quoteBodyFromForm(
      { 'origin.city': 'Belém', 'origin.state': 'PA', weightTons: '27,5', goodsValue: '', notes: ' ' },
      { form: 'cotacao' },
    );
    expect(body).toEqual({ origin: { city: 'Belém', state: 'PA' }, weightTons: 27.5, source: { form: 'cotacao' } });
  });

  it("shows a place's message about the whole place under its city", () => {
    expect(fieldMessages({ origin: 'Informe a origem.', 'destination.state': 'UF?' })).toEqual({
      'origin.city': 'Informe a origem.',
      'destination.state': 'UF?',
    });
  });
});
