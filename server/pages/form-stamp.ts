import { CONTACT_FORM_ID, STAMP_FIELD } from '../../shared/contact-form';

// Where a page with the contact form carries its render stamp (issue 35): a hidden field written as
// the page's last element, tied to the form by the form's id (HTML's `form` attribute), so that
// everything before it stays the same for every visitor and is compressed once
// (server/pages/open-encodings.ts, docs/decisions/037-render-stamp.md).

/** Signs the time a page is rendered at: the site's render stamps (server/spam/stamp.ts). */
export type PageStamps = { sign(): string };

const END = Buffer.from('</body></html>');
/** The form's id as React writes it: no other element of a page has it. */
const FORM = Buffer.from(` id="${CONTACT_FORM_ID}"`);

/** A page that holds the contact form, up to its end: the stamp goes after it. Else undefined. */
export function stampedHead(html: Buffer): Buffer | undefined {
  if (!html.includes(FORM)) return undefined;
  // React renders the whole document (client/Document.tsx), so the body's end is the page's.
  if (!html.subarray(-END.length).equals(END)) throw new Error('a página do formulário não termina em </body></html>');
  return html.subarray(0, html.length - END.length);
}

/** The end of a page with the form, with a stamp of this moment. */
export const stampedTail = (stamps: PageStamps) =>
  Buffer.concat([
    Buffer.from(`<input type="hidden" name="${STAMP_FIELD}" value="${stamps.sign()}" form="${CONTACT_FORM_ID}">`),
    END,
  ]);
