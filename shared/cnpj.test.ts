import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCharacters, formatCnpj, isValidCnpj } from './cnpj';

/** The Receita's own description of the check digits (IN RFB 2.229/2024, annex), written apart as the oracle. */
function receitaDigits(base12: string) {
  const values = [...base12].map((character) => character.charCodeAt(0) - 48);
  const dv = (values: number[], weights: number[]) => {
    const rest = values.reduce((sum, value, i) => sum + value * weights[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = dv(values, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = dv([...values, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

const alphanumeric = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const base12 = fc
  .array(alphanumeric, { minLength: 12, maxLength: 12 })
  .map((characters) => characters.join(''))
  .filter((base) => !/^(.)\1+$/.test(base));

describe('the CNPJ check', () => {
  it("accepts the Receita's alphanumeric example, punctuated or not, in either case", () => {
    for (const cnpj of ['12.ABC.345/01DE-35', '12ABC34501DE35', '12.abc.345/01de-35'])
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
  });

  it('accepts numeric CNPJs as before, and refuses a wrong check digit', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.444.777/0001-61')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
  });

  it('refuses what has the wrong shape: letters in the check digits, too short, fourteen equal characters', () => {
    for (const cnpj of ['12ABC34501DEA5', '12ABC34501DE3', '00000000000000', '12ABC34501DE355', '12ABC3450!DE35'])
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
  });

  it('agrees with the Receita’s description for every base of 12 characters', () => {
    fc.assert(fc.property(base12, (base) => isValidCnpj(base + receitaDigits(base))));
  });

  it('refuses every other pair of check digits', () => {
    fc.assert(
      fc.property(base12, fc.integer({ min: 0, max: 99 }), (base, digits) => {
        const pair = String(digits).padStart(2, '0');
        return isValidCnpj(base + pair) === (pair === receitaDigits(base));
      }),
    );
  });

  it('reads back what it formats', () => {
    fc.assert(
      fc.property(base12, (base) => {
        const formatted = formatCnpj(base + receitaDigits(base));
        return cnpjCharacters(formatted) === base + receitaDigits(base) && isValidCnpj(formatted);
      }),
    );
  });
});
