import { brotliCompressSync, constants, crc32, deflateRawSync } from 'node:zlib';

// A page whose last bytes change per request (the contact form's render stamp), compressed once all
// the same: everything before them is compressed as small as brotli and gzip make it and left open
// on a byte boundary, and each request closes the stream with its own bytes, sent uncompressed.
// Compressing the 69 KB landing page at brotli's quality 11 takes about 80 ms, far too long per
// request; closing it takes a few microseconds (docs/decisions/037-render-stamp.md).

/** The content codings a kept page is sent in, besides identity. */
export type Encoding = 'br' | 'gzip';

/** A page's bytes as sent in one content coding: `head` is kept, `close` makes the rest per request. */
export type OpenBody = { head: Buffer; close(tail: Buffer): Buffer };

/** An uncompressed block holds at most 65535 bytes in gzip (a 16-bit LEN) and 65536 in brotli (16-bit MLEN−1). */
const MAX_TAIL = 0xffff;

/** Brotli's stream, ended by a flush (not a finish): its last meta-block is still to come. */
function openBrotli(head: Buffer): OpenBody {
  return {
    head: brotliCompressSync(head, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
    }),
    close(tail) {
      // RFC 7932 §9.2, bits from the lowest: ISLAST 0; MNIBBLES 0 (four nibbles); MLEN−1 in 16 bits;
      // ISUNCOMPRESSED 1; then zero bits to the byte boundary, and the bytes as they are.
      const header = Buffer.alloc(3);
      header.writeUIntLE(((tail.length - 1) << 3) | (1 << 19), 0, 3);
      // §9.2 again: a last, empty meta-block, ISLAST 1 and ISLASTEMPTY 1, padded to the byte.
      return Buffer.concat([header, tail, Buffer.of(0b11)]);
    },
  };
}

/** RFC 1952 §2.3: ID1 ID2, CM 8 (deflate), no flags, no MTIME, XFL 2 (slowest), OS 255 (unknown). */
const GZIP_HEADER = Buffer.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 0xff);

/** Gzip's member, its deflate data ended by a sync flush: byte-aligned, with no final block yet. */
function openGzip(head: Buffer): OpenBody {
  const deflated = deflateRawSync(head, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH });
  const headCrc = crc32(head);
  return {
    head: Buffer.concat([GZIP_HEADER, deflated]),
    close(tail) {
      // RFC 1951 §3.2.4: a final stored block: BFINAL 1, BTYPE 00, padded to the byte; LEN and its
      // complement NLEN, little-endian; the bytes as they are.
      const stored = Buffer.alloc(5);
      stored.writeUInt8(1, 0);
      stored.writeUInt16LE(tail.length, 1);
      stored.writeUInt16LE(~tail.length & 0xffff, 3);
      // RFC 1952 §2.3.1: the CRC-32 and the size (mod 2^32) of the whole page, head and tail.
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc32(tail, headCrc), 0);
      trailer.writeUInt32LE((head.length + tail.length) % 2 ** 32, 4);
      return Buffer.concat([stored, tail, trailer]);
    },
  };
}

/** The page's head in each coding, each closed per request by `tail` (at most 65535 bytes). */
export function openEncodings(head: Buffer): Record<Encoding | 'identity', OpenBody> {
  const bounded = (body: OpenBody): OpenBody => {
    // One tail ends every request for a while (form-stamp.ts), so each coding closes it once: with
    // three other trims, GET / went from 0.72 to 0.75 of the bare handler (docs/performance.md).
    let last: { tail: Buffer; closed: Buffer } | undefined;
    return {
      head: body.head,
      close(tail) {
        if (tail.length === 0 || tail.length > MAX_TAIL) throw new RangeError(`fim de página de ${tail.length} bytes`);
        if (last?.tail !== tail) last = { tail, closed: body.close(tail) };
        return last.closed;
      },
    };
  };
  return {
    identity: bounded({ head, close: (tail) => tail }),
    br: bounded(openBrotli(head)),
    gzip: bounded(openGzip(head)),
  };
}
