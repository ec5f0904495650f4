import { describe, expect, it } from 'vitest';
import { contactInputSchema } from './contact';

const valid = { name: 'Ana Souza', email: 'ana@empresa.com.br', message: 'Frete para Belém' };

/** The first message for `field`, or what was stored when the whole body passes. */
function check(field: keyof typeof valid | 'company', value: string) {
  const parsed = contactInputSchema.safeParse({ ...valid, [field]: value });
  if (parsed.success) return { stored: parsed.data[field] };
  return { error: parsed.error.issues.find((issue) => issue.path[0] === field)?.message };
}

describe('text fields', () => {
  it('are stored in NFC, whatever form the keyboard sent', () => {
    const decomposed = 'Jose\u0301 Conceic\u0327a\u0303o';
    expect(check('name', decomposed)).toEqual({ stored: 'José Conceição' });
    expect(check('name', decomposed).stored).toBe('José Conceição'.normalize('NFC'));
    expect(check('message', 'Avenida Sa\u0303o Joa\u0303o').stored).toBe('Avenida São João');
  });

  it('drop spaces of every kind at both ends, a no-break space or a byte order mark too', () => {
    expect(check('name', '\uFEFF\u00A0Ana\u2007')).toEqual({ stored: 'Ana' });
    expect(check('company', '\uFEFF\u00A0\u2007')).toEqual({ stored: undefined });
  });

  it('count their length in NFC, so decomposed accents do not count twice', () => {
    expect(check('name', 'e\u0301'.repeat(120))).toEqual({ stored: 'é'.repeat(120) });
  });

  it.each([
    ['a right-to-left override', 'Ana \u202Eroc.sotof'],
    ['a left-to-right mark', 'Ana\u200E'],
    ['a bidirectional isolate', '\u2067Ana\u2069'],
    ['an Arabic letter mark', 'Ana\u061C'],
    ['a C1 control', 'Ana\u0085Souza'],
    ['a line separator', 'Ana\u2028Souza'],
    ['a tab', 'Ana\tSouza'],
    ['a lone surrogate', 'Ana\uD800'],
  ])('refuse %s in a one-line field', (_what, value) => {
    expect(check('name', value)).toEqual({ error: 'Contém caracteres inválidos.' });
    expect(check('company', value)).toEqual({ error: 'Contém caracteres inválidos.' });
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['a zero-width joiner and a word joiner', '\u200D\u2060'],
    ['Hangul fillers', '\u3164\u3164'],
    ['soft hyphens and a Mongolian vowel separator', '\u00AD\u00AD\u180E'],
    ['a braille blank', '\u2800'],
  ])('refuse a name made only of %s, as if it were empty', (_what, value) => {
    expect(check('name', value)).toEqual({ error: 'Informe seu nome.' });
    expect(check('company', value)).toEqual({ error: 'Contém caracteres inválidos.' });
    expect(check('message', value)).toEqual({ error: 'Informe uma mensagem.' });
  });

  it('keep what people type with invisible parts: emoji sequences, variation selectors', () => {
    expect(check('name', 'Ana 👩‍💻 ❤️')).toEqual({ stored: 'Ana 👩‍💻 ❤️' });
  });

  const tags = (text: string) => [...text].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');

  it.each([
    ['a tag character', 'Ana\u{E0041}'],
    ['ASCII spelled in tags', `Ana${tags('ignore as instrucoes')}`],
    ['tags after a flag that name no subdivision', `Ana 🏴${tags('x')}\u{E007F}`],
    ['a zero-width space inside a name', 'A\u200Bna'],
    ['a zero-width space at its end', 'Ana\u200B'],
    ['a word joiner', 'Ana\u2060Souza'],
    ['a byte order mark inside the text', 'An\uFEFFa'],
    ['an invisible plus', 'Ana\u2064'],
    ['a joiner between Latin letters', 'A\u200Dna'],
    ['a non-joiner after a Latin letter', 'Ana\u200C Souza'],
    ['a joiner on its own', '\u200D Ana'],
    ['the noncharacter U+FFFF', 'Ana\uFFFF'],
    ['the noncharacter U+FDD0', 'Ana\uFDD0'],
    ['the noncharacter U+10FFFF', 'Ana\u{10FFFF}'],
    ['a private-use character', 'Ana\uE000'],
    ['the private-use apple logo', 'Ana \uF8FF'],
    ['a supplementary private-use character', 'Ana\u{F0041}'],
  ])('refuse %s', (_what, value) => {
    expect(check('name', value)).toEqual({ error: 'Contém caracteres inválidos.' });
    expect(check('company', value)).toEqual({ error: 'Contém caracteres inválidos.' });
    expect(check('message', value)).toEqual({ error: 'Contém caracteres inválidos.' });
  });

  it.each([
    ['an emoji sequence', 'Ana 👩‍💻'],
    ['one with a variation selector', 'Orgulho 🏳️‍🌈'],
    ['one with a skin tone', 'Dev 👩🏽‍💻'],
    ['a heart on fire', 'Obrigada ❤️‍🔥'],
    ['a subdivision flag', 'Equipe da Escócia 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['a Persian word with its non-joiner', 'می\u200Cخواهم'],
    ['a Devanagari conjunct with its joiner', 'क्\u200Dष'],
  ])('keep %s', (_what, value) => {
    expect(check('name', value)).toEqual({ stored: value });
  });
});

describe('the message', () => {
  it('keeps its line breaks, as LF whatever their kind, and turns a tab into a space', () => {
    expect(check('message', 'a\r\nb\rc\u2028d\u2029e\u0085f\tg')).toEqual({ stored: 'a\nb\nc\nd\ne\nf g' });
  });

  it.each([
    ['a right-to-left override', 'Olá \u202Emundo'],
    ['a vertical tab', 'Olá\u000Bmundo'],
    ['a NUL', 'Olá\u0000mundo'],
    ['an escape', 'Olá\u001B[31mmundo'],
  ])('refuses %s, as it is no line break', (_what, value) => {
    expect(check('message', value)).toEqual({ error: 'Contém caracteres inválidos.' });
  });
});

describe('an e-mail address', () => {
  it('may have 64 characters before the @ and 254 in all (RFC 5321)', () => {
    const local = 'a'.repeat(64);
    expect(check('email', `${local}@empresa.com.br`).stored).toBe(`${local}@empresa.com.br`);
    const longest = `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(58)}.br`;
    expect(longest).toHaveLength(254);
    expect(check('email', longest).stored).toBe(longest);
  });

  it('is refused with 65 characters before the @, or 255 in all', () => {
    expect(check('email', `${'a'.repeat(65)}@empresa.com.br`)).toEqual({
      error: 'A parte antes do @ pode ter no máximo 64 caracteres.',
    });
    expect(check('email', `${'a'.repeat(200)}@x.com`)).toEqual({
      error: 'A parte antes do @ pode ter no máximo 64 caracteres.',
    });
    expect(check('email', `a@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(58)}.br`)).toEqual({
      error: 'Use no máximo 254 caracteres.',
    });
  });
});
