import { describe, expect, it } from 'vitest';
import { checkDigit, keyParts, readAccessKey } from './access-key';

// The NF-e's Manual de Orientação do Contribuinte works this key's check digit out by hand: 5.
const MANUAL_EXAMPLE = '52060433009911002506550120000007800267301615';
const CTE = '35261112345678000195570010000123451123456786';

describe('an access key (docs/requirements.md §12.3)', () => {
  it('accepts the manual’s own worked example as an NF-e key', () => {
    expect(readAccessKey(MANUAL_EXAMPLE, 'nfe')).toEqual({ key: MANUAL_EXAMPLE });
  });

  it('reads a key pasted in the DANFE’s groups, with dots or dashes', () => {
    expect(readAccessKey('3526 1112 3456 7800 0195 5700 1000 0123 4511 2345 6786', 'cte')).toEqual({ key: CTE });
    expect(readAccessKey('35.2611.12345678000195-57-001-000012345-1-12345678-6', 'cte')).toEqual({ key: CTE });
  });

  it.each([
    ['3526111234567800019557001000012345110000000', 0, 'a remainder of 1'],
    ['3526111234567800019557001000012345110000005', 0, 'a remainder of 0'],
    ['5206043300991100250655012000000780026730161', 5, 'the manual’s'],
  ])('works out the check digit of %s as %i (%s)', (first43, digit) => {
    expect(checkDigit(first43)).toBe(digit);
  });

  it('names the digit that fails, and what it should be', () => {
    const wrong = `${CTE.slice(0, 43)}7`;
    expect(readAccessKey(wrong, 'cte')).toEqual({
      error:
        'O dígito verificador (44º dígito) não confere: é 7, mas pelos 43 primeiros deveria ser 6. Confira os dígitos digitados.',
    });
  });

  it('catches one digit typed wrong anywhere in the key', () => {
    for (let at = 0; at < 43; at++) {
      if (at === 20 || at === 21) continue;
      const digit = String((Number(CTE[at]) + 1) % 10);
      const typo = CTE.slice(0, at) + digit + CTE.slice(at + 1);
      expect(readAccessKey(typo, 'cte'), `digit ${at + 1}`).toHaveProperty('error');
    }
  });

  it('refuses an NF-e key offered as the CT-e, naming both models', () => {
    expect(readAccessKey(MANUAL_EXAMPLE, 'cte')).toEqual({
      error: 'Esta chave é de uma NF-e (modelo 55, 21º e 22º dígitos), não de um CT-e (modelo 57).',
    });
    expect(readAccessKey(CTE, 'mdfe')).toEqual({
      error: 'Esta chave é de um CT-e (modelo 57, 21º e 22º dígitos), não de um MDF-e (modelo 58).',
    });
  });

  it('calls a model no document has unknown', () => {
    const key = `${CTE.slice(0, 20)}99${CTE.slice(22)}`;
    expect(readAccessKey(key, 'nfe')).toEqual({
      error: 'Esta chave é de um modelo desconhecido (99, 21º e 22º dígitos), não de uma NF-e (modelo 55).',
    });
  });

  it('counts the digits of a short key, and names a letter', () => {
    expect(readAccessKey(CTE.slice(0, 43), 'cte')).toEqual({ error: 'A chave de acesso tem 44 dígitos; esta tem 43.' });
    expect(readAccessKey(`${CTE.slice(0, 10)}O${CTE.slice(11)}`, 'cte')).toEqual({
      error: 'A chave de acesso tem só números: “O” não é um dígito.',
    });
  });

  it('gives the issuer’s CNPJ and the document’s number the key carries', () => {
    expect(keyParts(CTE)).toEqual({ cnpj: '12345678000195', number: '12345' });
  });
});
