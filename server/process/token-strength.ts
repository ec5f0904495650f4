/**
 * The least an ADMIN_TOKEN must hold, in bits a guesser has to cover: 112, NIST's floor for a
 * secret today (SP 800-57 part 1, §5.6.2). `openssl rand -hex 32` gives 256; `openssl rand -hex 16`,
 * 32 characters, 128.
 */
export const TOKEN_MIN_BITS = 112;

/** The characters of each class a token's characters are drawn from, as a guesser would try them. */
const CLASSES: Array<[RegExp, number]> = [
  [/[a-z]/, 26],
  [/[A-Z]/, 26],
  [/[0-9]/, 10],
  [/[^a-zA-Z0-9]/, 33],
];

/**
 * A rough, conservative estimate of a token's entropy, in bits: each character a guesser could not
 * predict is worth log2 of the alphabet of the classes the token uses. A character is predictable
 * when it goes on with the step of the two before it ('aaaa', 'abcd', '0123', '9876'), or when the
 * three characters it ends were already seen earlier in the token (a word or a block repeated:
 * 'senhasenha', '0123456789abcdef' twice, 'abab…'). Random text almost never does either: a 32-digit
 * hexadecimal token from openssl loses a character or two of its 32 this way. A token made of
 * words without repetition ('minha-senha-do-site-...') still passes: no dictionary is kept here,
 * and the advice is always the same generator.
 */
export function estimatedBits(token: string) {
  const alphabet = CLASSES.reduce((size, [chars, count]) => size + (chars.test(token) ? count : 0), 0);
  const codes = [...token].map((char) => char.codePointAt(0) ?? 0);
  let unpredictable = 0;
  for (let i = 0; i < codes.length; i++) {
    const step = i >= 2 && codes[i]! - codes[i - 1]! === codes[i - 1]! - codes[i - 2]!;
    const seen = i >= 3 && token.slice(0, i - 1).includes(token.slice(i - 2, i + 1));
    if (!step && !seen) unpredictable++;
  }
  return unpredictable * Math.log2(Math.max(alphabet, 1));
}
