// The CNPJ, numeric or alphanumeric (docs/requirements.md §5.4; docs/decisions/043-quote-form.md).
// From July 2026 the Receita Federal issues CNPJs of 12 characters 0-9 and A-Z followed by 2 numeric
// check digits (IN RFB nº 2.229/2024): each character counts as its ASCII code minus 48 ('0' → 0,
// 'A' → 17), weighted 2 to 9 from the right, cycling, modulo 11, as the numeric CNPJ always was.
// Written here rather than taken from npm: see the decision record for the libraries tried.

const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** The 14 characters of a CNPJ as typed, with its usual punctuation (. / -) and spaces dropped, in upper case. */
export const cnpjCharacters = (typed: string) => typed.replace(/[\s./-]/g, '').toUpperCase();

/**
 * The check digit of `characters`: weights 2..9 from the right, cycling; 11 − the rest, 0 for a rest
 * under 2. The CNPJ's rule, and the 44-digit access key's (server/shipments/access-key.ts).
 */
export function mod11CheckDigit(characters: string) {
  let sum = 0;
  for (let i = characters.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += (characters.charCodeAt(i) - 48) * weight;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * Whether `typed` is a CNPJ whose check digits match: 14 characters once its punctuation is
 * dropped, the last two digits; the same character fourteen times ('00000000000000') is no CNPJ.
 */
export function isValidCnpj(typed: string) {
  const characters = cnpjCharacters(typed);
  if (!SHAPE.test(characters) || /^(.)\1+$/.test(characters)) return false;
  const base = characters.slice(0, 12);
  const first = mod11CheckDigit(base);
  return characters.slice(12) === `${first}${mod11CheckDigit(base + first)}`;
}

/** As the Receita writes it: 12.ABC.345/01DE-35. */
export const formatCnpj = (characters: string) =>
  `${characters.slice(0, 2)}.${characters.slice(2, 5)}.${characters.slice(5, 8)}/${characters.slice(8, 12)}-${characters.slice(12)}`;
