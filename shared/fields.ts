import { z } from 'zod';

// Text rules of every field (docs/requirements.md §5.2). What people type is kept as typed, in
// one Unicode form; what no person types, and what would disguise the text where sales reads it
// (an e-mail subject reordered by a bidirectional override, a name of zero-width spaces), is refused.

// Control characters (C0, DEL, C1, the line and paragraph separators) cannot all be stored and read
// back byte for byte on every database, and no person types them into a one-line field. The
// message keeps its line breaks, as LF, and no other control.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const ONE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MULTI_LINE_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
/** Bidirectional controls: they reorder the text around them on screen (the "Trojan Source" trick). */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Characters that show nothing: spaces, format characters (zero-width ones among them), fillers. */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;
/**
 * What no keyboard types and what hides text inside a word (docs/requirements.md §5.2): zero-width
 * spaces and word joiners, the invisible operators and deprecated format characters, a byte order
 * mark inside the text, interlinear annotations; noncharacters; private-use characters, which show as
 * whatever a font puts there.
 */
const HIDDEN = /[\u200b\u2060-\u2064\u206a-\u206f\ufeff\u180e\ufff9-\ufffb\p{Noncharacter_Code_Point}\p{Co}]/u;
/**
 * Tag characters spell ASCII that nothing shows ("ASCII smuggling"). Their one use is an emoji flag
 * of a subdivision, 🏴 then its CLDR id in tags (3 to 7 letters and digits, gbsct) and a cancel tag:
 * those are kept, and every other tag refused.
 */
const SUBDIVISION_FLAG = /\u{1f3f4}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{3,7}\u{e007f}/gu;
const TAG = /[\u{e0000}-\u{e007f}]/u;
/**
 * Joiners (ZWJ, ZWNJ) have a use between emoji (👩‍💻) and beside a letter of a script that joins
 * its letters or conjuncts (Persian, Devanagari…). Between Latin letters, or on their own, they
 * only hide: "A\u200dna" looks like "Ana" and is not.
 */
const JOINER = /[\u200c\u200d]/u;
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\ufe0f\u{1f3fb}-\u{1f3ff}]?)\u200d(?=\p{Extended_Pictographic})/gu;
const SCRIPT_LETTER = /[\p{L}\p{M}]/u;
const NO_JOINING_SCRIPT = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/u;
const joins = (char = '') => SCRIPT_LETTER.test(char) && !NO_JOINING_SCRIPT.test(char);
const strayJoiner = (value: string) => {
  const chars = [...value.replace(EMOJI_JOINER, '')];
  return chars.some((char, i) => JOINER.test(char) && !joins(chars[i - 1]) && !joins(chars[i + 1]));
};

/** Hides something a person did not type: a hidden character, a tag outside a flag, a stray joiner. */
const hides = (value: string) =>
  HIDDEN.test(value) || TAG.test(value.replace(SUBDIVISION_FLAG, '')) || strayJoiner(value);

const INVALID_CHARACTERS = 'Contém caracteres inválidos.';

/** Line breaks of any kind become LF (a browser posts CRLF, a script LF); a tab becomes a space. */
const multilineBreaks = (value: string) => value.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replaceAll('\t', ' ');

type TextRules = { label: string; max: number; multiline?: boolean };

/** Trimmed and in NFC, so that "é" is stored one way whatever the keyboard sent (NFD from macOS, say). */
const text = (multiline: boolean, error: string) => {
  const normal = z
    .string({ error })
    .trim()
    .overwrite((value) => value.normalize('NFC'));
  return multiline ? normal.overwrite(multilineBreaks) : normal;
};

/** No control (but the message's LF), no bidirectional control, no lone surrogate, nothing hidden. */
const cleanText = (multiline: boolean) => (value: string) =>
  value.isWellFormed() &&
  !(multiline ? MULTI_LINE_CONTROL : ONE_LINE_CONTROL).test(value) &&
  !BIDI_CONTROL.test(value) &&
  !hides(value);

/** A required text field: trimmed, non-empty, bounded, with Portuguese messages. */
export const requiredText = ({ label, max, multiline = false }: TextRules) =>
  text(multiline, `Informe ${label}.`)
    .min(1, `Informe ${label}.`)
    .max(max, `Use no máximo ${max} caracteres.`)
    // Nothing visible reads as nothing typed, whatever hides in it.
    .refine((value) => !INVISIBLE_ONLY.test(value), `Informe ${label}.`)
    .refine(cleanText(multiline), INVALID_CHARACTERS);

/** An optional text field: empty (after trimming) counts as absent and is never stored. */
export const optionalText = ({ max, multiline = false }: Omit<TextRules, 'label'>) =>
  text(multiline, 'Deve ser um texto.')
    .max(max, `Use no máximo ${max} caracteres.`)
    .refine(cleanText(multiline), INVALID_CHARACTERS)
    .refine((value) => value === '' || !INVISIBLE_ONLY.test(value), INVALID_CHARACTERS)
    .optional()
    .transform((value) => value || undefined);

/** An address as SMTP carries it (RFC 5321 §4.5.3.1): at most 64 characters before the @, 254 in all. */
export const email = z
  .string({ error: 'Informe seu e-mail.' })
  .trim()
  .min(1, 'Informe seu e-mail.')
  .max(254, 'Use no máximo 254 caracteres.')
  .pipe(z.email('Informe um e-mail válido, como nome@empresa.com.br.'))
  .refine(
    (value) => value.slice(0, value.lastIndexOf('@')).length <= 64,
    'A parte antes do @ pode ter no máximo 64 caracteres.',
  );

/** A phone number as people write it: digits, spaces and + ( ) - . alone, one digit at least. */
export const PLAIN_PHONE = /^[0-9 +().-]*[0-9][0-9 +().-]*$/;

export const phone = optionalText({ max: 30 }).refine(
  (value) => value === undefined || PLAIN_PHONE.test(value),
  'Use apenas números, espaços e os sinais + ( ) - .',
);

/**
 * At most `places` decimals: a measure to the precision it is meant in (docs/requirements.md §5.4),
 * so that a weight in tonnes is to the kilogram and 5e-324 t is refused, not stored and exported.
 */
export const atMostDecimals = (places: number) => (value: number) => Number(value.toFixed(places)) === value;
