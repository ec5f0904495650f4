import { deflateSync } from 'node:zlib';

// Small PDFs written byte by byte, with a correct cross-reference table, for the CV upload's tests:
// a plain one-page CV, and the hostile ones the server must refuse (issue 56 §2, §6).

/** A PDF of `objects` (each the text between "N 0 obj" and "endobj"), the first the catalog. */
export function pdfOf(objects: (string | Buffer)[], trailerExtra = '') {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, n) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${n + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n');
  parts.push(Buffer.from(`${xref}\n`));
  return Buffer.concat(parts);
}

/** A stream object: its dictionary entries and its (already encoded) bytes. */
const stream = (entries: string, bytes: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${entries} /Length ${bytes.length} >>\nstream\n`), bytes, Buffer.from('\nendstream')]);

/** A one-page CV whose page shows `line`; `catalogExtra` adds to the catalog (an action, names). */
export function cvPdf(line = 'Curriculo de teste', catalogExtra = '', extra: (string | Buffer)[] = []) {
  const content = Buffer.from(`BT /F1 12 Tf 40 150 Td (${line}) Tj ET`);
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('/Filter /FlateDecode', deflateSync(content)),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...extra,
  ]);
}

/** A CV that also carries `payload` as is, in a stream of its own: bytes a scan can look for. */
export const cvCarrying = (payload: Buffer) => cvPdf('Curriculo com marca', '', [stream('', payload)]);

/** Opens with a script: the catalog's OpenAction is JavaScript, its name written with an escape. */
export const pdfWithJavaScript = () =>
  cvPdf('Com script', '/OpenAction 6 0 R ', ['<< /S /J#61vaScript /JS (app.alert(1)) >>']);

/** Carries a file: the catalog's EmbeddedFiles name tree. */
export const pdfWithAttachment = () =>
  cvPdf('Com anexo', '/Names << /EmbeddedFiles 6 0 R >> ', [
    '<< /Names [(nota.txt) 7 0 R] >>',
    '<< /Type /Filespec /F (nota.txt) /EF << /F 8 0 R >> >>',
    stream('/Type /EmbeddedFile', Buffer.from('segredo')),
  ]);

/** A Flate stream of 1 KB that inflates to `megabytes` of zeros: a zip bomb inside the PDF. */
export const pdfWithZipBomb = (megabytes = 40) =>
  cvPdf('Bomba', '', [
    stream('/Filter /FlateDecode', deflateSync(Buffer.alloc(megabytes * 1024 * 1024), { level: 9 })),
  ]);

/** Declares encryption in its trailer, as a password-protected PDF does. */
export const encryptedPdf = () =>
  pdfOf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
      '<< /Filter /Standard /V 2 /R 3 /Length 128 /P -4 /O (0123456789abcdef0123456789abcdef) /U (0123456789abcdef0123456789abcdef) >>',
    ],
    '/Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] ',
  );

/** A PNG's first bytes: an image renamed .pdf. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(64),
]);
