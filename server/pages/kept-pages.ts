import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { type Encoding, type OpenBody, openEncodings } from './open-encodings';

// Pages the server keeps: rendered once, compressed once as small as brotli and gzip can make
// them, each encoding with its own ETag.

/** The bytes of one coding: the whole page, or with `close` its kept head, which each request ends. */
type Representation = { body: Buffer; etag: string; close?: (tail: Buffer) => Buffer };

// 96 bits of SHA-256: far more than a page's versions need, and 11 bytes fewer in every reply than
// the 162 bits it used to keep, which the form's render stamp needed in the first round trip.
const digest = (body: Buffer) => createHash('sha256').update(body).digest('base64url').slice(0, 16);

// One ETag per content coding, taken from the bytes sent: a strong validator names one exact
// representation (RFC 9110 §8.8.3), so a cache holding the gzip bytes can never be told
// "not modified" about the brotli ones.
const representation = (body: Buffer): Representation => ({ body, etag: `"${digest(body)}"` });

/**
 * A page each request ends with its own bytes (the form's render stamp) has a weak ETag, from the
 * kept head: its pages differ only there, and are the same page for a cache (RFC 9110 §8.8.1). A
 * 304 leaves the browser its older page and stamp, which makes a post look slower, never faster:
 * a person is never suspect for speed (docs/decisions/037-render-stamp.md). Still one per coding.
 */
const openRepresentation = ({ head, close }: OpenBody): Representation => ({
  body: head,
  etag: `W/"${digest(head)}"`,
  close,
});

/**
 * A page as rendered: the status it is sent with, and its HTML; when `open`, only its head, which
 * each request ends with bytes of its own.
 */
export type RenderedPage = { status: number; html: Buffer; open?: boolean };

/** A kept page: its status, and its bytes in each coding. */
export type EncodedPage = { status: number } & Record<Encoding | 'identity', Representation>;

function encode({ status, html, open }: RenderedPage): EncodedPage {
  if (open) {
    const { identity, br, gzip } = openEncodings(html);
    return {
      status,
      identity: openRepresentation(identity),
      br: openRepresentation(br),
      gzip: openRepresentation(gzip),
    };
  }
  return {
    status,
    identity: representation(html),
    br: representation(
      brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    ),
    gzip: representation(gzipSync(html, { level: constants.Z_BEST_COMPRESSION })),
  };
}

/**
 * A kept page: `ready` once rendered, so that a request for it is answered in the same turn of
 * the event loop, without awaiting: GET / serves about 2.5% more requests
 * (docs/performance.md, "What each optimisation is worth").
 */
type Kept = { rendered: Promise<EncodedPage>; ready?: EncodedPage };

/**
 * Keeps a page per key, at most `max` of them (past it the oldest goes). A failed render is not
 * kept, so the next request tries again.
 */
export function keeper(max: number) {
  const kept = new Map<string, Kept>();
  return (key: string, render: () => Promise<RenderedPage>): Kept => {
    let page = kept.get(key);
    if (!page) {
      const entry: Kept = {
        rendered: render()
          .then(encode)
          .then((encoded) => (entry.ready = encoded)),
      };
      entry.rendered.catch(() => kept.delete(key));
      kept.set(key, entry);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      page = entry;
    }
    return page;
  };
}
