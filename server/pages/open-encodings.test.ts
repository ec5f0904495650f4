import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openEncodings } from './open-encodings';

// A page-like head: repetitive markup, as brotli and gzip meet it, with some noise they cannot shrink.
const head = Buffer.from(
  Array.from({ length: 900 }, (_, i) => `<li class="item">Rota ${i} ${randomBytes(4).toString('hex')}</li>`).join(''),
);
const page = openEncodings(head);

describe('a page compressed once and closed per request', () => {
  it.each([
    ['a stamp’s few bytes', Buffer.from('<input type="hidden" name="ref" value="1.x"></body></html>')],
    ['one byte', Buffer.from('>')],
    ['the most one block holds', randomBytes(0xffff)],
  ])('decodes, with brotli and with gzip, to the head followed by %s', (_tail, tail) => {
    const whole = Buffer.concat([head, tail]);
    const bytes = (coding: keyof typeof page) => Buffer.concat([page[coding].head, page[coding].close(tail)]);
    expect(brotliDecompressSync(bytes('br')).equals(whole)).toBe(true);
    // gunzip checks the trailer's CRC-32 and size against what it decoded.
    expect(gunzipSync(bytes('gzip')).equals(whole)).toBe(true);
    expect(bytes('identity').equals(whole)).toBe(true);
  });

  it('refuses a tail longer than one uncompressed block holds', () => {
    expect(() => page.gzip.close(Buffer.alloc(0x10000))).toThrow(RangeError);
  });
});
