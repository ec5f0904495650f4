import { z } from 'zod';

// Control characters (NUL among them) and lone surrogates cannot be stored and read back
// byte for byte on every database, and no person types them: reject them up front.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const SINGLE_LINE_INVALID = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MULTI_LINE_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const cleanText = (value: string, multiline: boolean) =>
  value.isWellFormed() && !(multiline ? MULTI_LINE_INVALID : SINGLE_LINE_INVALID).test(value);

type TextRules = { label: string; max: number; multiline?: boolean };

/** Browsers post a textarea's line breaks as CRLF and scripts send LF: store one form, LF. */
const sameLineBreaks = (value: string) => value.replace(/\r\n?/g, '\n');
const text = (multiline: boolean, error: string) => {
  const trimmed = z.string({ error }).trim();
  return multiline ? trimmed.overwrite(sameLineBreaks) : trimmed;
};

/** A required text field: trimmed, non-empty, bounded, with Portuguese messages. */
export const requiredText = ({ label, max, multiline = false }: TextRules) =>
  text(multiline, `Informe ${label}.`)
    .min(1, `Informe ${label}.`)
    .max(max, `Use no máximo ${max} caracteres.`)
    .refine((value) => cleanText(value, multiline), 'Contém caracteres inválidos.');

/** An optional text field: empty (after trimming) counts as absent and is never stored. */
export const optionalText = ({ max, multiline = false }: Omit<TextRules, 'label'>) =>
  text(multiline, 'Deve ser um texto.')
    .max(max, `Use no máximo ${max} caracteres.`)
    .refine((value) => cleanText(value, multiline), 'Contém caracteres inválidos.')
    .optional()
    .transform((value) => value || undefined);

export const email = z
  .string({ error: 'Informe seu e-mail.' })
  .trim()
  .min(1, 'Informe seu e-mail.')
  .max(254, 'Use no máximo 254 caracteres.')
  .pipe(z.email('Informe um e-mail válido, como nome@empresa.com.br.'));

export const phone = optionalText({ max: 30 }).refine(
  (value) => value === undefined || /^[0-9 +().-]*[0-9][0-9 +().-]*$/.test(value),
  'Use apenas números, espaços e os sinais + ( ) - .',
);
