import { decode, type FilterStep, OverBudget, Undecodable } from './filters';
import { entry, isRegular, isWhite, PdfReader, PdfSyntaxError, type PdfValue } from './syntax';

// What a PDF contains, found in its decoded objects (docs/decisions/052-untrusted-files.md): every
// object a reader could reach, and more. Objects are read wherever `N G obj` stands, as pdf.js
// rebuilds a broken file, not only where a cross-reference table points (which could point inside
// what a linear reading takes for a string); every object stream is decoded and its objects read;
// every stream's filters are decoded within the budget, or the file is refused.

/** What makes a PDF do something, or carry something, beyond showing pages. */
export type PdfFinding = 'javascript' | 'launch' | 'attachment' | 'encrypted' | 'sendsData';

/** Why a PDF could not be read through within its bounds. */
export type PdfRefusal = 'bomb' | 'undecodable' | 'tooComplex' | 'malformed';

export type PdfContents = { findings: Set<PdfFinding> } | { refused: PdfRefusal };

export type PdfLimits = {
  /** All the streams' decoded bytes together (counted, not held: a scanned page decodes to 26 MB). */
  decodedBytes: number;
  /** An object stream's decoded bytes, which are held to be read. */
  objectStreamBytes: number;
  /** Objects, counted wherever they are written or packed. */
  objects: number;
};

/** What a dictionary's keys, and the names it gives as /S, /Type or /Subtype, say it does. */
const KEYS: Record<string, PdfFinding> = {
  JS: 'javascript',
  JavaScript: 'javascript',
  // An XFA form carries its own scripts.
  XFA: 'javascript',
  EmbeddedFiles: 'attachment',
  EF: 'attachment',
  Encrypt: 'encrypted',
};
const ACTIONS: Record<string, PdfFinding> = {
  JavaScript: 'javascript',
  RichMediaExecute: 'javascript',
  Rendition: 'javascript',
  Launch: 'launch',
  // Opens another file, as Launch does in pdf.js (Catalog.parseDestDictionary).
  GoToR: 'launch',
  GoToE: 'attachment',
  SubmitForm: 'sendsData',
  ImportData: 'sendsData',
};
const TYPES: Record<string, PdfFinding> = {
  EmbeddedFile: 'attachment',
  FileAttachment: 'attachment',
  RichMedia: 'attachment',
};

const lookup = (table: Record<string, PdfFinding>, name: string | undefined) =>
  name !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;

/** Every finding in `values`, their dictionaries and arrays walked without recursion. */
function findingsIn(values: readonly PdfValue[]) {
  const findings = new Set<PdfFinding>();
  const stack = [...values];
  for (let value = stack.pop(); value; value = stack.pop()) {
    if (value.kind === 'array') stack.push(...value.items);
    if (value.kind !== 'dict') continue;
    for (const [key, item] of value.entries) {
      const found = lookup(KEYS, key);
      if (found) findings.add(found);
      stack.push(item);
    }
    for (const [key, table] of [
      ['S', ACTIONS],
      ['Type', TYPES],
      ['Subtype', TYPES],
    ] as const) {
      const found = lookup(table, entry(value, key, 'name')?.name);
      if (found) findings.add(found);
    }
  }
  return findings;
}

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/** Where each `N G obj` begins its value, with its N; where each `trailer` begins its dictionary. */
function starts(bytes: Buffer, word: 'obj' | 'trailer') {
  const found: { at: number; number?: number }[] = [];
  for (let at = bytes.indexOf(word); at >= 0; at = bytes.indexOf(word, at + 1)) {
    const after = at + word.length;
    if (isRegular(bytes[after]) || isRegular(bytes[at - 1])) continue;
    if (word === 'trailer') {
      found.push({ at: after });
      continue;
    }
    // Back over the generation and the number, each after whitespace.
    let n = at - 1;
    const back = (test: (byte: number | undefined) => boolean) => {
      const end = n;
      while (n >= 0 && test(bytes[n])) n--;
      return end - n;
    };
    if (!back(isWhite) || !back(isDigit) || !back(isWhite)) continue;
    const end = n + 1;
    if (!back(isDigit) || isRegular(bytes[n])) continue;
    found.push({ at: after, number: Number(bytes.toString('latin1', n + 1, end)) });
  }
  return found;
}

/** Where a stream's data ends without a usable length, as pdf.js finds it (Parser.#findStreamLength). */
function scannedEnd(bytes: Buffer, from: number) {
  for (let at = bytes.indexOf('end', from); at >= 0; at = bytes.indexOf('end', at + 1)) {
    const rest = bytes.toString('latin1', at + 3, at + 9);
    if (rest === 'stream') return at;
    if ((rest.startsWith('steam') || rest.startsWith('strea')) && !isRegular(bytes[at + 8])) return at;
  }
  return -1;
}

/** A filter chain as pdf.js reads it: /F before /Filter, /DP before /DecodeParms (Parser.filter). */
function chainOf(dict: PdfValue) {
  const entries = dict.kind === 'dict' ? dict.entries : new Map<string, PdfValue>();
  const filter = entries.get('F') ?? entries.get('Filter');
  const params = entries.get('DP') ?? entries.get('DecodeParms');
  const names = filter?.kind === 'name' ? [filter] : filter?.kind === 'array' ? filter.items : [];
  const paramsList = params?.kind === 'array' ? params.items : [params];
  return names.map((name, n): FilterStep & { predictor: boolean } => {
    if (name.kind !== 'name') throw new Undecodable('filtro que não é um nome');
    const step = paramsList[n];
    const earlyChange = entry(step, 'EarlyChange', 'number')?.value;
    const predictor = (entry(step, 'Predictor', 'number')?.value ?? 1) > 1;
    return { name: name.name, ...(earlyChange !== undefined && { earlyChange }), predictor };
  });
}

/** What `bytes`, a PDF, contains within `limits`. */
export async function pdfContents(bytes: Buffer, limits: PdfLimits): Promise<PdfContents> {
  const values: PdfValue[] = [];
  const lengths = new Map<number, number[]>();
  const streams: { dict: PdfValue; from: number }[] = [];
  // Every byte a reading passes counts, so that a file of many overlapping objects ends soon.
  let work = 0;
  const workLimit = 16 * bytes.length + 1024 * 1024;
  try {
    const objectStarts = starts(bytes, 'obj');
    if (objectStarts.length > limits.objects) return { refused: 'tooComplex' };
    for (const { at: start, number } of [...objectStarts, ...starts(bytes, 'trailer')]) {
      const reader = new PdfReader(bytes, start);
      const value = reader.value();
      work += reader.at - start;
      if (!value) continue;
      values.push(value);
      // A stream's /Length may be an object of its own, perhaps defined more than once.
      if (value.kind === 'number' && number !== undefined)
        lengths.set(number, [...(lengths.get(number) ?? []), value.value]);
      if (value.kind === 'dict' && reader.peekKeyword() === 'stream')
        streams.push({ dict: value, from: reader.at + 6 });
    }
    let left = limits.decodedBytes;
    const packed: PdfValue[] = [];
    for (const { dict, from } of streams) {
      // The data begins after the end of the line that `stream` is on (Lexer.skipToNextLine).
      let start = from;
      while (start < bytes.length && bytes[start] !== 0x0a && bytes[start] !== 0x0d) start++;
      start += bytes[start] === 0x0d && bytes[start + 1] === 0x0a ? 2 : 1;
      const length = entry(dict, 'Length', 'number')?.value;
      const reference = entry(dict, 'Length', 'ref');
      const declared = length !== undefined ? [length] : reference ? (lengths.get(reference.number) ?? []) : [];
      const ends = declared.filter((candidate) => {
        if (!Number.isInteger(candidate) || candidate < 0 || start + candidate > bytes.length) return false;
        return new PdfReader(bytes, start + candidate).peekKeyword() === 'endstream';
      });
      if (ends.length === 0) {
        const end = scannedEnd(bytes, start);
        work += (end < 0 ? bytes.length : end) - start;
        if (end >= 0) ends.push(end - start);
      }
      if (work > workLimit) return { refused: 'tooComplex' };
      const chain = chainOf(dict);
      if (chain.some(({ name }) => name === 'Crypt')) return { findings: new Set(['encrypted']) };
      const objectStream = entry(dict, 'Type', 'name')?.name === 'ObjStm';
      for (const end of new Set(ends)) {
        const data = bytes.subarray(start, start + end);
        const limit = objectStream ? Math.min(left, limits.objectStreamBytes) : left;
        const { bytes: decoded, length: made, image } = await decode(data, chain, limit, objectStream);
        left -= made;
        if (!objectStream) continue;
        // What a reader makes of a predictor or an image codec here is not what this reading sees.
        if (image || chain.some(({ predictor }) => predictor))
          throw new Undecodable('fluxo de objetos codificado à parte');
        packed.push(...packedObjects(dict, decoded, limits.objects - values.length - packed.length));
      }
    }
    return { findings: findingsIn([...values, ...packed]) };
  } catch (error) {
    if (error instanceof OverBudget) return { refused: 'bomb' };
    if (error instanceof Undecodable) return { refused: 'undecodable' };
    if (error instanceof PdfSyntaxError) return { refused: 'malformed' };
    if (error instanceof TooManyObjects) return { refused: 'tooComplex' };
    throw error;
  }
}

class TooManyObjects extends Error {}

/**
 * The objects of an object stream (ISO 32000-1 §7.5.7): at each offset its header gives, and read
 * one after the other from /First, so that an offset into another object's string hides nothing.
 */
function packedObjects(dict: PdfValue, decoded: Buffer, room: number) {
  const count = entry(dict, 'N', 'number')?.value ?? 0;
  const first = entry(dict, 'First', 'number')?.value ?? 0;
  if (!Number.isInteger(count) || !Number.isInteger(first) || count < 0 || first < 0)
    throw new Undecodable('/N ou /First');
  if (count > room) throw new TooManyObjects();
  const header = new PdfReader(decoded, 0);
  const offsets: number[] = [];
  for (let n = 0; n < count * 2; n++) {
    const value = header.value();
    if (value?.kind !== 'number') break;
    if (n % 2) offsets.push(value.value);
  }
  const objects: PdfValue[] = [];
  const sequential = new PdfReader(decoded, first);
  for (let value = sequential.value(); value; value = sequential.value()) {
    objects.push(value);
    if (objects.length > room) throw new TooManyObjects();
  }
  for (const offset of offsets) {
    const value = Number.isInteger(offset) ? new PdfReader(decoded, first + offset).value() : undefined;
    if (value) objects.push(value);
  }
  return objects;
}
