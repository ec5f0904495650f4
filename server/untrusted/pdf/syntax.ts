// PDF's syntax as ISO 32000-1 §7.2–7.3 lays it out, read as pdf.js's lexer reads it (comments
// anywhere between tokens, names with #xx escapes, nested literal strings): the values of a PDF
// object, never patterns over its bytes. A value too deeply nested is refused, not recursed into.

export type PdfValue =
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'name'; name: string }
  | { kind: 'string'; bytes: Buffer }
  | { kind: 'number'; value: number }
  | { kind: 'ref'; number: number; generation: number }
  | { kind: 'keyword'; word: string };

/** Deeper than any real file nests its arrays and dictionaries. */
const MAX_DEPTH = 100;

export class PdfSyntaxError extends Error {}

export const isWhite = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const isDelimiter = (byte: number) =>
  byte === 0x28 ||
  byte === 0x29 ||
  byte === 0x3c ||
  byte === 0x3e ||
  byte === 0x5b ||
  byte === 0x5d ||
  byte === 0x7b ||
  byte === 0x7d ||
  byte === 0x2f ||
  byte === 0x25;
/** A byte that continues a name, a number or a keyword. */
export const isRegular = (byte: number | undefined) => byte !== undefined && !isWhite(byte) && !isDelimiter(byte);

/** A hex digit's value, in either case; -1 for a byte that is none. */
export const hexValue = (byte: number) =>
  byte >= 0x30 && byte <= 0x39
    ? byte - 0x30
    : byte >= 0x41 && byte <= 0x46
      ? byte - 0x37
      : byte >= 0x61 && byte <= 0x66
        ? byte - 0x57
        : -1;

const ESCAPES: Record<number, number> = { 110: 0x0a, 114: 0x0d, 116: 0x09, 98: 0x08, 102: 0x0c };

/** Reads PDF values from `bytes`, from `at` on. */
export class PdfReader {
  constructor(
    readonly bytes: Buffer,
    public at = 0,
  ) {}

  /** Skips whitespace and comments; false at the end. */
  skipBlank() {
    const { bytes } = this;
    while (this.at < bytes.length) {
      const byte = bytes[this.at]!;
      if (isWhite(byte)) this.at++;
      else if (byte === 0x25)
        while (this.at < bytes.length && bytes[this.at] !== 0x0a && bytes[this.at] !== 0x0d) this.at++;
      else return true;
    }
    return false;
  }

  /** The keyword at the reading point, if one is there, without reading it. */
  peekKeyword() {
    if (!this.skipBlank()) return undefined;
    let end = this.at;
    while (isRegular(this.bytes[end])) end++;
    return this.bytes.toString('latin1', this.at, end);
  }

  private name() {
    const { bytes } = this;
    let end = ++this.at;
    while (isRegular(bytes[end])) end++;
    const written = bytes.subarray(this.at, end);
    this.at = end;
    const decoded: number[] = [];
    for (let n = 0; n < written.length; n++) {
      const high = written[n] === 0x23 ? hexValue(written[n + 1] ?? -1) : -1;
      const low = high >= 0 ? hexValue(written[n + 2] ?? -1) : -1;
      if (low >= 0) {
        decoded.push(high * 16 + low);
        n += 2;
      } else decoded.push(written[n]!);
    }
    return Buffer.from(decoded).toString('latin1');
  }

  private literal() {
    const { bytes } = this;
    const out: number[] = [];
    let depth = 1;
    this.at++;
    while (this.at < bytes.length) {
      const byte = bytes[this.at++]!;
      if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) return Buffer.from(out);
      else if (byte === 0x5c) {
        const next = bytes[this.at++];
        if (next === undefined) break;
        if (next >= 0x30 && next <= 0x37) {
          let octal = next - 0x30;
          for (let n = 0; n < 2 && bytes[this.at]! >= 0x30 && bytes[this.at]! <= 0x37; n++)
            octal = octal * 8 + bytes[this.at++]! - 0x30;
          out.push(octal & 0xff);
        } else if (next === 0x0d || next === 0x0a) {
          if (next === 0x0d && bytes[this.at] === 0x0a) this.at++;
        } else out.push(ESCAPES[next] ?? next);
        continue;
      }
      out.push(byte);
    }
    return Buffer.from(out);
  }

  private hex() {
    const { bytes } = this;
    const digits: number[] = [];
    this.at++;
    while (this.at < bytes.length && bytes[this.at] !== 0x3e) {
      const digit = hexValue(bytes[this.at++]!);
      if (digit >= 0) digits.push(digit);
    }
    this.at++;
    if (digits.length % 2) digits.push(0);
    const out = Buffer.alloc(digits.length / 2);
    for (let n = 0; n < out.length; n++) out[n] = digits[2 * n]! * 16 + digits[2 * n + 1]!;
    return out;
  }

  /** The next value, with `N G R` read as one reference; undefined at the end of the bytes. */
  value(depth = 0): PdfValue | undefined {
    if (depth > MAX_DEPTH) throw new PdfSyntaxError('aninhamento profundo demais');
    if (!this.skipBlank()) return undefined;
    const { bytes } = this;
    const byte = bytes[this.at]!;
    if (byte === 0x2f) return { kind: 'name', name: this.name() };
    if (byte === 0x28) return { kind: 'string', bytes: this.literal() };
    if (byte === 0x3c && bytes[this.at + 1] === 0x3c) {
      this.at += 2;
      const entries = new Map<string, PdfValue>();
      for (;;) {
        if (!this.skipBlank()) return { kind: 'dict', entries };
        if (bytes[this.at] === 0x3e && bytes[this.at + 1] === 0x3e) {
          this.at += 2;
          return { kind: 'dict', entries };
        }
        const key = this.value(depth + 1);
        if (!key) return { kind: 'dict', entries };
        const item = key.kind === 'name' ? this.value(depth + 1) : undefined;
        // A key that is not a name, as pdf.js does, is skipped with what follows it.
        if (key.kind === 'name' && item && !(item.kind === 'keyword' && item.word === 'null'))
          entries.set(key.name, item);
      }
    }
    if (byte === 0x3c) return { kind: 'string', bytes: this.hex() };
    if (byte === 0x5b) {
      this.at++;
      const items: PdfValue[] = [];
      for (;;) {
        if (!this.skipBlank()) return { kind: 'array', items };
        if (bytes[this.at] === 0x5d) {
          this.at++;
          return { kind: 'array', items };
        }
        items.push(this.value(depth + 1)!);
      }
    }
    if (!isRegular(byte)) {
      // A stray delimiter: `)`, `>`, `]`, `{`, `}`.
      this.at++;
      return { kind: 'keyword', word: String.fromCharCode(byte) };
    }
    const start = this.at;
    while (isRegular(bytes[this.at])) this.at++;
    const word = bytes.toString('latin1', start, this.at);
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: 'keyword', word };
    const value = Number(word);
    if (/^\d+$/.test(word)) {
      // `N G R`: look ahead two tokens, and put them back when they are something else.
      const after = this.at;
      const generation = this.peekKeyword();
      if (generation && /^\d+$/.test(generation)) {
        this.at += generation.length;
        if (this.peekKeyword() === 'R') {
          this.at++;
          return { kind: 'ref', number: value, generation: Number(generation) };
        }
      }
      this.at = after;
    }
    return { kind: 'number', value };
  }
}

/** A dictionary's entry, when it is of `kind`. */
export function entry<K extends PdfValue['kind']>(dict: PdfValue | undefined, key: string, kind: K) {
  const value = dict?.kind === 'dict' ? dict.entries.get(key) : undefined;
  return value?.kind === kind ? (value as Extract<PdfValue, { kind: K }>) : undefined;
}
