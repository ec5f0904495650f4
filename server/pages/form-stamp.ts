import { LEAD_FORM_ID, STAMP_FIELD } from '../../shared/contact-form';

// Where a page with a lead form (the contact form, or the quote form) carries its render stamp (issue 35): a hidden field written as
// the page's last element, tied to the form by the form's id (HTML's `form` attribute), so that
// everything before it stays the same for every visitor and is compressed once
// (server/pages/open-encodings.ts, docs/decisions/037-render-stamp.md).

/** Signs the time a page is rendered at: the site's render stamps (server/spam/stamp.ts). */
export type PageStamps = { sign(now: number): string };

/**
 * How long one signed end serves the pages asked for meanwhile: signing every request's took
 * GET / from 0.71–0.74 of the bare handler's requests to 0.42 (docs/decisions/037-render-stamp.md).
 * A stamp up to this much older than its page makes a post look slower by as much, never faster:
 * nothing beside the 3 s a person needs at least (docs/requirements.md §10.9).
 */
const SIGNED_END_SERVES_MS = 100;

const END = Buffer.from('</body></html>');
/** The form's id as React writes it: no other element of a page has it. */
const FORM = Buffer.from(` id="${LEAD_FORM_ID}"`);
/**
 * The stamp's field, written without quotes (the stamp's characters need none): every byte of it
 * goes uncompressed per request. Kept in the compressed head instead, its 61 bytes took 63 there.
 */
const field = (stamp: string) => `<input type=hidden name=${STAMP_FIELD} form=${LEAD_FORM_ID} value=${stamp}>`;

/**
 * A page that holds the contact form, up to where its stamp goes; else undefined. The page's end
 * tags are left out (HTML lets both go: the parser closes the body and the document where the bytes
 * end), so that a request adds the field alone, uncompressed: a new connection's first round trip
 * carries 14,600 bytes, and `/` had 31 of them to spare (docs/performance.md).
 */
export function stampedHead(html: Buffer): Buffer | undefined {
  if (!html.includes(FORM)) return undefined;
  // React renders the whole document (client/Document.tsx), so the body's end is the page's.
  if (!html.subarray(-END.length).equals(END)) throw new Error('a página do formulário não termina em </body></html>');
  return html.subarray(0, html.length - END.length);
}

/** The end of a page with the form: a stamp of this moment or at most SIGNED_END_SERVES_MS before. */
export function stampedTails(stamps: PageStamps) {
  let signedAt = Number.NEGATIVE_INFINITY;
  let tail = Buffer.alloc(0);
  return () => {
    const now = Date.now();
    // A clock set back signs anew: a stamp is never later than its page.
    if (now - signedAt >= SIGNED_END_SERVES_MS || now < signedAt) {
      signedAt = now;
      tail = Buffer.from(field(stamps.sign(now)));
    }
    return tail;
  };
}
