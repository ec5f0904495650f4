import { brotliDecompressSync, constants, createInflate } from 'node:zlib';
import { hexValue } from './syntax';

// Every stream filter pdf.js accepts (its Parser.makeFilter, pdfjs-dist 6.5), under both its names,
// decoded within a byte budget (ISO 32000-1 §7.4). The decoders that turn bytes into bytes are run;
// the image codecs (DCT, JPX, JBIG2, CCITT) make pixels, never PDF objects, and are left as they
// are, last in a chain. A name no reader knows is refused: pdf.js passes such a stream through as
// it is, so what it hides would be read undecoded.

/** A decoder's output would pass what is left of the budget: a bomb, refused before it is whole. */
export class OverBudget extends Error {}
/** A filter that is unknown, misplaced, or whose data does not decode. */
export class Undecodable extends Error {}

/** Bytes written one at a time up to a limit. */
class Output {
  private buffer = Buffer.allocUnsafe(4096);
  length = 0;
  constructor(private readonly limit: number) {}

  push(byte: number) {
    if (this.length >= this.limit) throw new OverBudget();
    if (this.length === this.buffer.length) {
      const larger = Buffer.allocUnsafe(Math.min(this.buffer.length * 2, Math.max(this.limit, 4096)));
      this.buffer.copy(larger);
      this.buffer = larger;
    }
    this.buffer[this.length++] = byte;
  }

  bytes() {
    return this.buffer.subarray(0, this.length);
  }
}

function zlibWith(decode: () => Buffer) {
  try {
    return decode();
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new OverBudget();
    throw new Undecodable((error as Error).message);
  }
}

/**
 * Deflate in its zlib wrapper, inflated as it streams: kept only when asked, so that a scanned page
 * of 26 MB is counted without being held. A stream cut short gives what it holds, as readers read it.
 */
function flate(data: Buffer, limit: number, keep: boolean) {
  return new Promise<Decoded>((resolve, reject) => {
    // 256 KB at a time: 16 KB chunks inflate at a third of the speed (100 MB: 1.4 s against 0.57 s).
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 });
    const kept: Buffer[] = [];
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflate.destroy();
        reject(new OverBudget());
      } else if (keep) kept.push(chunk);
    });
    inflate.on('error', (error) => reject(new Undecodable(error.message)));
    inflate.on('end', () => resolve({ bytes: keep ? Buffer.concat(kept) : Buffer.alloc(0), length }));
    inflate.end(data);
  });
}

const brotli = (data: Buffer, limit: number) =>
  zlibWith(() => brotliDecompressSync(data, { maxOutputLength: Math.max(limit, 1) }));

function asciiHex(data: Buffer, limit: number) {
  const out = new Output(limit);
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break;
    const digit = hexValue(byte);
    if (digit < 0) continue;
    if (high < 0) high = digit;
    else {
      out.push(high * 16 + digit);
      high = -1;
    }
  }
  if (high >= 0) out.push(high * 16);
  return out.bytes();
}

function ascii85(data: Buffer, limit: number) {
  const out = new Output(limit);
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let n = 0; n < 5; n++) value = value * 85 + (group[n] ?? 84);
    for (let n = 0; n < count - 1; n++) out.push((value >>> (24 - 8 * n)) & 0xff);
    group.length = 0;
  };
  for (const byte of data) {
    if (byte === 0x7e) break;
    if (byte === 0x7a && group.length === 0) {
      for (let n = 0; n < 4; n++) out.push(0);
      continue;
    }
    if (byte < 0x21 || byte > 0x75) continue;
    group.push(byte - 0x21);
    if (group.length === 5) flush(5);
  }
  if (group.length > 1) flush(group.length);
  return out.bytes();
}

function runLength(data: Buffer, limit: number) {
  const out = new Output(limit);
  for (let at = 0; at < data.length; ) {
    const length = data[at++]!;
    if (length === 128) break;
    if (length < 128) for (let n = 0; n <= length && at < data.length; n++) out.push(data[at++]!);
    else {
      const byte = data[at++];
      if (byte === undefined) break;
      for (let n = 0; n < 257 - length; n++) out.push(byte);
    }
  }
  return out.bytes();
}

/** LZW as TIFF and PDF write it (ISO 32000-1 §7.4.4), 9 to 12 bits a code, EarlyChange 1 unless told. */
function lzw(data: Buffer, limit: number, earlyChange = 1) {
  const out = new Output(limit);
  const prefix = new Int32Array(4096);
  const last = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let code = 0; code < 256; code++) {
    prefix[code] = -1;
    last[code] = code;
    lengths[code] = 1;
  }
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let held = 0;
  const scratch = new Uint8Array(4096);
  const write = (code: number) => {
    const length = lengths[code]!;
    for (let n = length - 1, at = code; n >= 0; n--, at = prefix[at]!) scratch[n] = last[at]!;
    for (let n = 0; n < length; n++) out.push(scratch[n]!);
    return scratch[0]!;
  };
  for (const byte of data) {
    held = (held << 8) | byte;
    bits += 8;
    while (bits >= width) {
      const code = (held >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return out.bytes();
      let first: number;
      if (code < next) first = write(code);
      else if (code === next && previous >= 0) {
        first = write(previous);
        out.push(first);
      } else throw new Undecodable('código LZW inválido');
      if (previous >= 0 && next < 4096) {
        prefix[next] = previous;
        last[next] = first;
        lengths[next] = lengths[previous]! + 1;
        next++;
      }
      previous = code;
      if (next + earlyChange >= 1 << width && width < 12) width++;
    }
  }
  return out.bytes();
}

type Decoded = { bytes: Buffer; length: number };
type Decoder = (data: Buffer, limit: number, keep: boolean, earlyChange?: number) => Promise<Decoded> | Decoded;
const whole = (bytes: Buffer): Decoded => ({ bytes, length: bytes.length });

const DECODERS: Record<string, Decoder> = {
  FlateDecode: flate,
  Fl: flate,
  LZWDecode: (data, limit, _keep, earlyChange) => whole(lzw(data, limit, earlyChange)),
  LZW: (data, limit, _keep, earlyChange) => whole(lzw(data, limit, earlyChange)),
  ASCIIHexDecode: (data, limit) => whole(asciiHex(data, limit)),
  AHx: (data, limit) => whole(asciiHex(data, limit)),
  ASCII85Decode: (data, limit) => whole(ascii85(data, limit)),
  A85: (data, limit) => whole(ascii85(data, limit)),
  RunLengthDecode: (data, limit) => whole(runLength(data, limit)),
  RL: (data, limit) => whole(runLength(data, limit)),
  BrotliDecode: (data, limit) => whole(brotli(data, limit)),
};

/** The image codecs: pixels out, bounded by the image's declared size, never PDF syntax. */
const IMAGE_FILTERS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JPX', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

/** One step of a chain: the filter's name and its EarlyChange (LZW's only parameter that changes the bytes). */
export type FilterStep = { name: string; earlyChange?: number };

/**
 * `data` decoded through `chain` with at most `limit` bytes out of any step, and how many bytes its
 * last step made; the bytes themselves only when `keep` (or the last step is not Flate). Stops
 * before an image codec, which must then be the last. `Crypt` is the encryption's, the caller's.
 */
export async function decode(data: Buffer, chain: readonly FilterStep[], limit: number, keep: boolean) {
  let decoded = whole(data);
  for (const [n, { name, earlyChange }] of chain.entries()) {
    if (IMAGE_FILTERS.has(name)) {
      if (n !== chain.length - 1) throw new Undecodable(`${name} antes de outro filtro`);
      return { ...decoded, image: true };
    }
    const decoder = Object.hasOwn(DECODERS, name) ? DECODERS[name] : undefined;
    if (!decoder) throw new Undecodable(`filtro desconhecido ${name}`);
    decoded = await decoder(decoded.bytes, limit, keep || n < chain.length - 1, earlyChange);
  }
  return { ...decoded, image: false };
}
