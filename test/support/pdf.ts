import { deflateSync } from 'node:zlib';

// Small PDFs written byte by byte, with a correct cross-reference table, for the CV upload's tests:
// a plain one-page CV, and the hostile ones the server must refuse (docs/requirements.md §4.6).

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

/**
 * A Flate stream of about 200 KB that inflates to `megabytes` of spaces: a zip bomb inside the PDF;
 * with `ballast` bytes more in a plain stream, a file that weighs what a scanned CV does.
 */
export const pdfWithZipBomb = async (megabytes = 200, ballast = 0) =>
  cvPdf('Bomba', '', [
    stream('/Filter /FlateDecode', await deflatedWithPadding(Buffer.alloc(0), megabytes)),
    ...(ballast > 0 ? [stream('', Buffer.alloc(ballast, 0x41))] : []),
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

/** How an object stream's bytes are encoded: the three walks around a pattern over raw bytes. */
type ObjectStreamEncoding = {
  /** The filter's name as written: `Fl` (pdf.js's abbreviation), `FlateDecode`, `ASCIIHexDecode`. */
  filter: 'Fl' | 'FlateDecode' | 'ASCIIHexDecode';
  /** A comment between the dictionary and `stream`, which the syntax allows (ISO 32000 §7.2.4). */
  comment?: boolean;
  /** Megabytes of spaces after the last object, which inflate from about 1 KB each. */
  paddingMegabytes?: number;
};

/** Deflates `megabytes` of spaces after `head`, streamed so that the test never holds them. */
async function deflatedWithPadding(head: Buffer, megabytes: number) {
  const { createDeflate } = await import('node:zlib');
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write(head);
  const megabyte = Buffer.alloc(1024 * 1024, ' ');
  for (let n = 0; n < megabytes; n++)
    if (!deflate.write(megabyte)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/**
 * A one-page CV whose objects all live in one object stream (PDF 1.5, ISO 32000 §7.5.7), found
 * through a cross-reference stream: nothing of them shows in the file's raw bytes. `hidden` are the
 * objects the stream carries after the catalog (2), the pages (3) and the page (4); the page's
 * dictionary ends with `pageExtra`. Object 5 is the page's content, object 6 a file's bytes (no
 * /Type, which is optional), 7 the object stream, 8 the cross-reference stream.
 */
export async function pdfInObjectStream(encoding: ObjectStreamEncoding, pageExtra = '', hidden: string[] = []) {
  const inStream = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 5 0 R ${pageExtra}>>`,
    ...hidden,
  ];
  // Numbered 1-3, then 9 onwards: 5 to 8 are the plain objects below.
  const numbers = inStream.map((_, n) => (n < 3 ? n + 1 : n + 6));
  let body = '';
  const header = inStream
    .map((object, n) => {
      const entry = `${numbers[n]} ${body.length}`;
      body += `${object}\n`;
      return entry;
    })
    .join(' ');
  const decoded = Buffer.from(`${header}\n${body}`, 'latin1');
  const first = header.length + 1;
  const encoded =
    encoding.filter === 'ASCIIHexDecode'
      ? Buffer.from(`${decoded.toString('hex')}>`)
      : encoding.paddingMegabytes
        ? await deflatedWithPadding(decoded, encoding.paddingMegabytes)
        : deflateSync(decoded);
  const content = deflateSync(Buffer.from('BT /F1 12 Tf 40 150 Td (Curriculo) Tj ET'));
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets = new Map<number, number>();
  const length = () => parts.reduce((sum, part) => sum + part.length, 0);
  const plain = (number: number, object: Buffer) => {
    offsets.set(number, length());
    parts.push(Buffer.from(`${number} 0 obj\n`), object, Buffer.from('\nendobj\n'));
  };
  plain(5, stream('/Filter /FlateDecode', content));
  plain(6, stream('', Buffer.from('MZ\x90\x00 um executável anexado', 'latin1')));
  const comment = encoding.comment ? ' % um comentário antes de stream' : '';
  plain(
    7,
    Buffer.concat([
      Buffer.from(
        `<< /Type /ObjStm /N ${inStream.length} /First ${first} /Filter /${encoding.filter} /Length ${encoded.length} >>${comment}\nstream\n`,
      ),
      encoded,
      Buffer.from('\nendstream'),
    ]),
  );
  // The cross-reference stream: type 1 (offset) for the plain objects, type 2 (stream 7, index) for the rest.
  const size = Math.max(...numbers, 8) + 1;
  const rows = Buffer.alloc(size * 7);
  offsets.set(8, length());
  for (let number = 0; number < size; number++) {
    const row = rows.subarray(number * 7);
    const index = numbers.indexOf(number);
    if (index >= 0) {
      row.writeUInt8(2, 0);
      row.writeUInt32BE(7, 1);
      row.writeUInt16BE(index, 5);
    } else if (offsets.has(number)) {
      row.writeUInt8(1, 0);
      row.writeUInt32BE(offsets.get(number)!, 1);
    }
  }
  parts.push(
    Buffer.from(`8 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`),
    rows,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${offsets.get(8)}\n%%EOF\n`),
  );
  return Buffer.concat(parts);
}

/** What the issue hid in an object stream: a script when the page opens, a link that launches a program, a file. */
export const HIDDEN_ACTIVE_CONTENT = {
  javascript: ['/AA << /O 9 0 R >> ', ['<< /S /JavaScript /JS (app.alert\\("aberto"\\)) >>']],
  launch: [
    '/Annots [9 0 R] ',
    ['<< /Type /Annot /Subtype /Link /Rect [0 0 300 200] /A << /S /Launch /F (calc.exe) >> >>'],
  ],
  attachment: [
    '/Annots [9 0 R] ',
    [
      '<< /Type /Annot /Subtype /FileAttachment /Rect [10 10 30 30] /FS 10 0 R >>',
      '<< /Type /Filespec /F (nota.exe) /EF << /F 6 0 R >> >>',
    ],
  ],
} as const satisfies Record<string, readonly [string, readonly string[]]>;
