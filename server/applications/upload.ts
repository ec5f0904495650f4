import type { Request } from 'express';
import { APPLICATION_FIELDS, APPLICATION_PATH, CV_FIELD, CV_MAX_BYTES } from '../../shared/application';
import { HONEYPOT_FIELD, STAMP_FIELD } from '../../shared/contact-form';
import type { LargerBody } from '../http/body-limit';
import { type ReceivedFile, readMultipart } from '../http/multipart';

// The application form's multipart body (docs/requirements.md §4.6): one CV, spooled to disk as it
// arrives, and the form's fields, each bounded, read by the one multipart reader.

/** Room for the form's fields and the multipart framing around the CV. */
const FRAMING_BYTES = 64 * 1024;

/** The application's POST may carry a CV (server/http/body-limit.ts). */
export const applicationBody = (path: string): LargerBody | undefined =>
  path === APPLICATION_PATH ? { bytes: CV_MAX_BYTES + FRAMING_BYTES, tooLarge: 'UPLOAD_TOO_LARGE' } : undefined;

/** The form's strings, and the CV when one was chosen, on disk until discarded. */
export type Upload = { fields: Record<string, string>; file?: ReceivedFile };

/** The form's own fields, and the spam checks' (shared/contact-form.ts). */
const KNOWN = new Set<string>([...APPLICATION_FIELDS, HONEYPOT_FIELD, STAMP_FIELD]);

/** Reads `req`'s multipart body: the form's fields and its one CV (server/http/multipart.ts). */
export async function readUpload(req: Request): Promise<Upload> {
  const { fields, files } = await readMultipart(req, {
    fields: KNOWN,
    files: { field: CV_FIELD, max: 1, maxBytes: CV_MAX_BYTES, tooLarge: 'UPLOAD_TOO_LARGE', tooMany: 'TOO_MANY_FILES' },
  });
  return { fields, ...(files[0] && { file: files[0] }) };
}
