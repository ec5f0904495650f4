import { randomInt } from 'node:crypto';

// The shipment's code (docs/requirements.md §12.2): short enough to read over the phone, with a
// check symbol, and unguessable at the lookup rate /rastreio allows (the arithmetic is in §12.2).

/** Crockford's base 32: no I, L, O or U, so that no two symbols are read alike. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const N = ALPHABET.length;
/** Random symbols: 32¹⁰ = 2⁵⁰ codes. */
const RANDOM_SYMBOLS = 10;
export const CODE_LENGTH = RANDOM_SYMBOLS + 1;

/** Luhn mod N's sum over `values`, from the right, the rightmost taking `firstFactor`. */
function luhnSum(values: readonly number[], firstFactor: 1 | 2) {
  let factor = firstFactor;
  let sum = 0;
  for (let i = values.length - 1; i >= 0; i--) {
    const addend = factor * values[i]!;
    sum += Math.floor(addend / N) + (addend % N);
    factor = factor === 2 ? 1 : 2;
  }
  return sum % N;
}

/** The check symbol of the random ones (Luhn mod N, N = 32). */
export const checkSymbol = (symbols: string) =>
  ALPHABET[
    (N -
      luhnSum(
        [...symbols].map((s) => ALPHABET.indexOf(s)),
        2,
      )) %
      N
  ]!;

/** A new code, from the system's CSPRNG: ten symbols and their check symbol, as stored (no dashes). */
export function newShipmentCode() {
  let symbols = '';
  for (let i = 0; i < RANDOM_SYMBOLS; i++) symbols += ALPHABET[randomInt(N)];
  return symbols + checkSymbol(symbols);
}

/** A code as people read it: '7KQ4-X92M-HT3'. */
export const codeText = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;

/**
 * A code as typed, in Crockford's reading (case, spaces and dashes aside; I and L are 1, O is 0):
 * `code` when its symbols are the alphabet's and its length is right, with `checks` telling whether
 * its check symbol holds; else what the text alone shows is wrong.
 */
export function readCode(typed: string): { code: string; checks: boolean } | { error: string } {
  const text = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (text.length !== CODE_LENGTH || [...text].some((symbol) => !ALPHABET.includes(symbol)))
    return { error: `O código do embarque tem ${CODE_LENGTH} letras e números, como ${codeText('7KQ4X92MHTK')}.` };
  const values = [...text].map((symbol) => ALPHABET.indexOf(symbol));
  return { code: text, checks: luhnSum(values, 1) === 0 };
}
