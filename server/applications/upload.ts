import busboy from 'busboy';
import type { Request } from 'express';
import { APPLICATION_FIELDS, APPLICATION_PATH, CV_FIELD, CV_MAX_BYTES } from '../../shared/application';
import { HONEYPOT_FIELD, STAMP_FIELD } from '../../shared/contact-form';
import type { LargerBody } from '../http/body-limit';
import { type Refusal, refuse } from '../http/refusals';
import { type SpooledFile, SpoolFull, spool } from '../untrusted';

// The application form's multipart body (docs/requirements.md §4.6), read by busboy with every limit set: one
// file, the form's fields and a few more, each field bounded, the file's size counted as it
// arrives. Reading stops at the first limit passed; the reply (boundBody's Connection: close, and
// lingering-close.ts) takes care of what the client still sends.

/** Room for the form's fields and the multipart framing around the CV. */
const FRAMING_BYTES = 64 * 1024;

/** The application's POST may carry a CV (server/http/body-limit.ts). */
export const applicationBody = (path: string): LargerBody | undefined =>
  path === APPLICATION_PATH ? { bytes: CV_MAX_BYTES + FRAMING_BYTES, tooLarge: 'UPLOAD_TOO_LARGE' } : undefined;

/** Far more than the form's own, as the urlencoded forms allow (server/http/form-body.ts). */
const MAX_FIELDS = 50;
/** The longest field is the message: 1,000 characters, up to 4 bytes each in UTF-8. */
const MAX_FIELD_BYTES = 4 * 1024;

/** The CV as received: its name as the browser gave it (shown only once sanitised), on disk until discarded. */
type ReceivedFile = { name: string; spooled: SpooledFile };

/** The form's strings, and the file when one was chosen. */
export type Upload = { fields: Record<string, string>; file?: ReceivedFile };

/**
 * Reads `req`'s multipart body. The fields are written into req.body as they arrive, so that a
 * refusal met later (the file too large) still has the values typed before it, for the page.
 */
export function readUpload(req: Request): Promise<Upload> {
  if ((req.get('Content-Encoding') ?? 'identity').toLowerCase() !== 'identity')
    return Promise.reject(refuse('UNSUPPORTED_CONTENT_ENCODING'));
  if (!req.is('multipart/form-data')) return Promise.reject(refuse('MULTIPART_REQUIRED'));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: {
        files: 1,
        fields: MAX_FIELDS,
        parts: MAX_FIELDS + 1,
        fieldSize: MAX_FIELD_BYTES,
        fieldNameSize: 100,
        // busboy signals its limit once the file reaches it, not once it passes it: a CV of exactly
        // 5 MB, which the page promises, is taken; one byte more is refused.
        fileSize: CV_MAX_BYTES + 1,
        headerPairs: 20,
      },
    });
  } catch {
    // "Multipart: Boundary not found", or a Content-Type busboy cannot read.
    return Promise.reject(refuse('MULTIPART_INVALID'));
  }
  const fields: Record<string, string> = Object.create(null);
  req.body = fields;
  const known = new Set<string>([...APPLICATION_FIELDS, HONEYPOT_FIELD, STAMP_FIELD]);
  return new Promise((resolve, reject) => {
    let file: Promise<ReceivedFile | undefined> = Promise.resolve(undefined);
    let settled = false;
    const fail = (refusal: Refusal) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners('file');
      // What was written of the file goes with the refusal.
      void file.then(
        (received) => received?.spooled.discard(),
        () => {},
      );
      reject(refusal);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail(refuse('FIELD_TOO_LARGE'));
      // Only the form's own names are kept, each once: a repetition is not silently chosen from.
      if (!known.has(name)) return;
      if (Object.hasOwn(fields, name)) return fail(refuse('INVALID_FIELDS', { errors: { [name]: 'Campo repetido.' } }));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      stream.on('limit', () => fail(refuse('UPLOAD_TOO_LARGE')));
      if (name !== CV_FIELD) return stream.resume();
      file = spool(stream).then(
        async (spooled) => {
          // A form sent with no file chosen carries an empty part without a name.
          if (info.filename || spooled.bytes > 0) return { name: info.filename ?? '', spooled };
          await spooled.discard();
          return undefined;
        },
        (error) => {
          fail(refuse(error instanceof SpoolFull ? 'UPLOADS_BUSY' : 'SERVICE_UNAVAILABLE'));
          return undefined;
        },
      );
    });
    parser.on('filesLimit', () => fail(refuse('TOO_MANY_FILES')));
    parser.on('fieldsLimit', () => fail(refuse('TOO_MANY_FIELDS')));
    parser.on('partsLimit', () => fail(refuse('TOO_MANY_FIELDS')));
    parser.on('error', () => fail(refuse('MULTIPART_INVALID')));
    req.on('aborted', () => fail(refuse('INCOMPLETE_BODY')));
    parser.on('close', async () => {
      const received = await file;
      if (settled) return void received?.spooled.discard();
      settled = true;
      resolve({ fields, ...(received && { file: received }) });
    });
    req.pipe(parser);
  });
}
