import { LEAD_FORM_ID, STAMP_FIELD } from '../../shared/contact-form';
import { encode, type KeptPage } from './kept-pages';
import { renewed } from './renewed';

// Where a page with a lead form (the contact form or the quote form) carries its render stamp (docs/requirements.md
// §10.9): a hidden field written as the page's last element, tied to the form by the form's id (HTML's `form`
// attribute), and how long one stamp serves (docs/decisions/040-plain-landing.md).

/** Signs the time a page is rendered at: the site's render stamps (server/pages/render-stamp.ts). */
export type PageStamps = { sign(now: number): string };

/**
 * How long one stamped page serves the requests that come meanwhile: its stamp is never older than
 * this when a request gets it. A stamp older than its page makes a post look slower by as much,
 * never faster: a second is nothing beside the 3 s a person needs at least (docs/requirements.md
 * §10.9), and the page, compressed as small as it goes, is made at most about once a second.
 */
const STAMP_SERVES_MS = 1000;
/**
 * When a page's successor is begun: early enough that under steady traffic it is compressed before
 * its predecessor is a second old, so no request waits for it.
 */
const RENEW_AFTER_MS = 800;

const END = Buffer.from('</body></html>');
/** The form's id as React writes it: no other element of a page has it. */
const FORM = Buffer.from(` id="${LEAD_FORM_ID}"`);
/** The stamp's field, written without quotes: the stamp's characters need none. */
const field = (stamp: string) => `<input type=hidden name=${STAMP_FIELD} form=${LEAD_FORM_ID} value=${stamp}>`;

/**
 * A page that holds the contact form, up to where its stamp goes; else undefined. The page's end
 * tags are left out (HTML lets both go: the parser closes the body and the document where the bytes
 * end), which keeps the headers and the page of `/` within a new connection's first round trip.
 */
export function stampedHead(html: Buffer): Buffer | undefined {
  if (!html.includes(FORM)) return undefined;
  // React renders the whole document (client/Document.tsx), so the body's end is the page's.
  if (!html.subarray(-END.length).equals(END)) throw new Error('a página do formulário não termina em </body></html>');
  return html.subarray(0, html.length - END.length);
}

/** The whole page: its head, then the field with a stamp of `now`. */
export const stamped = (head: Buffer, stamps: PageStamps, now = Date.now()) =>
  Buffer.concat([head, Buffer.from(field(stamps.sign(now)))]);

/**
 * A kept page with the form: made whole, stamp included, and compressed when a request finds none
 * younger than STAMP_SERVES_MS, then shared by the requests of that second. A stamp is never later
 * than the request it answers (renewed.ts).
 */
export const stampedPage = (status: number, head: Buffer, stamps: PageStamps): KeptPage =>
  renewed(STAMP_SERVES_MS, RENEW_AFTER_MS, (now) => encode(status, stamped(head, stamps, now)));
