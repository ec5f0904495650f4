import busboy from 'busboy';
import type { Request } from 'express';
import { type SpooledFile, SpoolFull, spool } from '../untrusted';
import { type Refusal, type RefusalCode, refuse, type WithDetail } from './refusals';

type PlainCode = Exclude<RefusalCode, WithDetail>;

// A form's multipart body (a CV, a delivery's photos), read by busboy with every limit set: the
// files of one field, the form's fields and a few more, each field bounded, each file's size counted
// as it arrives. Reading stops at the first limit passed; the reply (boundBody's Connection: close,
// and lingering-close.ts) takes care of what the client still sends.

/** Far more than a form's own, as the urlencoded forms allow (server/http/form-body.ts). */
const MAX_FIELDS = 50;
/** The longest field is a message: 1,000 characters, up to 4 bytes each in UTF-8. */
const MAX_FIELD_BYTES = 4 * 1024;

/** A file as received: its name as the browser gave it (shown only once sanitised), on disk until discarded. */
export type ReceivedFile = { name: string; spooled: SpooledFile };

export type MultipartRules = {
  /** The form's own field names: only these are kept, each once. */
  fields: ReadonlySet<string>;
  /** The one field that carries files: how many, how large each, and the refusals past either. */
  files: { field: string; max: number; maxBytes: number; tooLarge: PlainCode; tooMany: PlainCode };
};

/**
 * Reads `req`'s multipart body. The fields are written into req.body as they arrive, so that a
 * refusal met later (a file too large) still has the values typed before it, for the page.
 */
export function readMultipart(
  req: Request,
  rules: MultipartRules,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  if ((req.get('Content-Encoding') ?? 'identity').toLowerCase() !== 'identity')
    return Promise.reject(refuse('UNSUPPORTED_CONTENT_ENCODING'));
  if (!req.is('multipart/form-data')) return Promise.reject(refuse('MULTIPART_REQUIRED'));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: {
        files: rules.files.max,
        fields: MAX_FIELDS,
        parts: MAX_FIELDS + rules.files.max,
        fieldSize: MAX_FIELD_BYTES,
        fieldNameSize: 100,
        // busboy signals its limit once a file reaches it, not once it passes it: a file of exactly
        // the size a page promises is taken; one byte more is refused.
        fileSize: rules.files.maxBytes + 1,
        headerPairs: 20,
      },
    });
  } catch {
    // "Multipart: Boundary not found", or a Content-Type busboy cannot read.
    return Promise.reject(refuse('MULTIPART_INVALID'));
  }
  const fields: Record<string, string> = Object.create(null);
  req.body = fields;
  return new Promise((resolve, reject) => {
    const arriving: Promise<ReceivedFile | undefined>[] = [];
    /** Every file spooled, once each has been written (or has failed). */
    const received = async () =>
      (await Promise.all(arriving)).filter((file): file is ReceivedFile => file !== undefined);
    let settled = false;
    const fail = (refusal: Refusal) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners('file');
      // What was written of the files goes with the refusal.
      void received().then((files) => Promise.all(files.map((file) => file.spooled.discard())));
      reject(refusal);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail(refuse('FIELD_TOO_LARGE'));
      // Only the form's own names are kept, each once: a repetition is not silently chosen from.
      if (!rules.fields.has(name)) return;
      if (Object.hasOwn(fields, name)) return fail(refuse('INVALID_FIELDS', { errors: { [name]: 'Campo repetido.' } }));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      stream.on('limit', () => fail(refuse(rules.files.tooLarge)));
      if (name !== rules.files.field) return stream.resume();
      arriving.push(
        spool(stream).then(
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
        ),
      );
    });
    parser.on('filesLimit', () => fail(refuse(rules.files.tooMany)));
    parser.on('fieldsLimit', () => fail(refuse('TOO_MANY_FIELDS')));
    parser.on('partsLimit', () => fail(refuse('TOO_MANY_FIELDS')));
    parser.on('error', () => fail(refuse('MULTIPART_INVALID')));
    req.on('aborted', () => fail(refuse('INCOMPLETE_BODY')));
    parser.on('close', async () => {
      const files = await received();
      if (settled) return void Promise.all(files.map((file) => file.spooled.discard()));
      settled = true;
      resolve({ fields, files });
    });
    req.pipe(parser);
  });
}
