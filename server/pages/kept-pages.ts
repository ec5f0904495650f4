import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// Pages the server keeps: compressed as small as brotli and gzip can make them, each encoding with
// its own ETag.

export type Encoding = 'br' | 'gzip';

/** The bytes of one coding, and their validator. */
type Representation = { body: Buffer; etag: string };

// 96 bits of SHA-256: far more than a page's versions need, and short, since every reply of a kept
// page carries it in the first round trip.
const digest = (body: Buffer) => createHash('sha256').update(body).digest('base64url').slice(0, 16);

// One ETag per content coding, taken from the bytes sent: a strong validator names one exact
// representation (RFC 9110 §8.8.3), so a cache holding the gzip bytes can never be told
// "not modified" about the brotli ones, nor about a page with another render stamp.
const representation = (body: Buffer): Representation => ({ body, etag: `"${digest(body)}"` });

/** A kept page: its status, and its bytes in each coding. */
export type EncodedPage = { status: number } & Record<Encoding | 'identity', Representation>;

// Node's documented async zlib calls: they compress on libuv's threads, so a page made anew while
// visitors are served (form-stamp.ts) holds none of them up.
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A page's brotli bytes as a kept page has them: at brotli's highest quality. */
export const brotliOf = (html: Buffer) =>
  brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });

/** A page in each coding, brotli at its highest quality and gzip at its highest level. */
export async function encode(status: number, html: Buffer): Promise<EncodedPage> {
  const [br, gz] = await Promise.all([brotliOf(html), gzipped(html, { level: constants.Z_BEST_COMPRESSION })]);
  return { status, identity: representation(html), br: representation(br), gzip: representation(gz) };
}

/** What a kept page gives each request: the same bytes, or the bytes of the moment (form-stamp.ts). */
export type KeptPage = () => Promise<EncodedPage>;

/**
 * Keeps a page per key, at most `max` of them (past it the oldest goes). A failed render is not
 * kept, so the next request tries again.
 */
export function keeper(max: number) {
  const kept = new Map<string, Promise<KeptPage>>();
  return (key: string, make: () => Promise<KeptPage>): Promise<KeptPage> => {
    let page = kept.get(key);
    if (!page) {
      page = make();
      page.catch(() => kept.delete(key));
      kept.set(key, page);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
    }
    return page;
  };
}
