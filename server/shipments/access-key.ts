import { mod11CheckDigit } from '../../shared/cnpj';

// The 44-digit access keys of the fiscal documents a shipment carries (docs/requirements.md §12.3):
// a CT-e's, an NF-e's, an MDF-e's. The carrier's TMS issues them; the product only records them, so
// a key is checked by what the key itself says: its length, its model field and its check digit.

/** The documents a shipment records, by the model field of their keys (21st and 22nd digits). */
const KEY_MODELS = { cte: '57', nfe: '55', mdfe: '58' } as const;
export type KeyKind = keyof typeof KEY_MODELS;

/** How each model is named in a message: 'um CT-e (modelo 57)'. */
const MODEL_NAMES: Record<string, string> = {
  '55': 'uma NF-e',
  '57': 'um CT-e',
  '58': 'um MDF-e',
  '65': 'uma NFC-e',
  '67': 'um CT-e OS',
};

/** What a person pastes around the digits: spaces, dots, dashes, slashes (the DANFE prints it in groups). */
const SEPARATORS = /[\s.\-/]/g;

/**
 * The check digit of the first 43 digits: mod 11, weights 2 to 9 from the right, repeating; a
 * remainder of 0 or 1 gives 0, else 11 − remainder (the NF-e's and the CT-e's Manual de Orientação
 * do Contribuinte state the same rule as the CNPJ's).
 */
export const checkDigit = (first43: string) => mod11CheckDigit(first43);

/** The key's digits as typed, separators dropped; or, in Portuguese, what the text alone shows is wrong. */
export function keyDigits(typed: string): { digits: string } | { error: string } {
  const text = typed.replace(SEPARATORS, '');
  const foreign = [...text].find((character) => character < '0' || character > '9');
  if (foreign) return { error: `A chave de acesso tem só números: “${foreign}” não é um dígito.` };
  if (text.length !== 44) return { error: `A chave de acesso tem 44 dígitos; esta tem ${text.length}.` };
  return { digits: text };
}

/**
 * A key of `kind` as the team pastes it, checked: its digits, or the message naming what fails
 * (docs/requirements.md §12.3: the length, the model, then the check digit, which it names).
 */
export function readAccessKey(typed: string, kind: KeyKind): { key: string } | { error: string } {
  const read = keyDigits(typed);
  if ('error' in read) return read;
  const { digits } = read;
  const model = digits.slice(20, 22);
  if (model !== KEY_MODELS[kind]) {
    const named = MODEL_NAMES[model] ? `${MODEL_NAMES[model]} (modelo ${model}` : `um modelo desconhecido (${model}`;
    const wanted = `${MODEL_NAMES[KEY_MODELS[kind]]} (modelo ${KEY_MODELS[kind]})`;
    return { error: `Esta chave é de ${named}, 21º e 22º dígitos), não de ${wanted}.` };
  }
  const expected = checkDigit(digits.slice(0, 43));
  const given = Number(digits[43]);
  if (given !== expected)
    return {
      error:
        `O dígito verificador (44º dígito) não confere: é ${given}, mas pelos 43 primeiros deveria ser ` +
        `${expected}. Confira os dígitos digitados.`,
    };
  return { key: digits };
}

/** Whether a key of 44 digits is of `kind` and its check digit holds: the public lookup's own test (§12.9). */
export const isValidKey = (digits: string, kind: KeyKind) => 'key' in readAccessKey(digits, kind);

/** The issuer's CNPJ (digits 7 to 20) and the document's number (digits 26 to 34) that a key carries. */
export const keyParts = (digits: string) => ({
  cnpj: digits.slice(6, 20),
  number: String(Number(digits.slice(25, 34))),
});

/** A key as the DANFE prints it, in groups of four: '3526 1112 3456 …'. */
export const keyText = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
