import { describe, expect, it } from 'vitest';
import { kmText, quantityText, reaisOf, reaisText, typedReais } from './number-text';

describe('numbers as Brazil writes them', () => {
  it.each([
    [5, 'R$ 0,05'],
    [45_184, 'R$ 451,84'],
    [2_114_276, 'R$ 21.142,76'],
    [100_000_000_00, 'R$ 100.000.000,00'],
  ])('writes %i centavos as %s', (cents, text) => {
    expect(reaisText(cents)).toBe(text);
  });

  it('writes reais before the amount, and every other unit after it, with points between thousands', () => {
    expect(reaisOf(150_000)).toBe('R$ 150.000,00');
    expect(reaisOf(850_000.5)).toBe('R$ 850.000,50');
    expect(kmText(3202)).toBe('3.202 km');
    expect(kmText(850)).toBe('850 km');
    expect(quantityText(27.125, 't')).toBe('27,125 t');
  });

  it('writes a price as it is typed in the price field, without the R$', () => {
    expect(typedReais(2_960_809)).toBe('29.608,09');
  });
});
