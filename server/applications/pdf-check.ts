import { AnnotationType, getDocument, PasswordException } from 'pdfjs-dist/legacy/build/pdf.mjs';
// Loaded here, not by pdf.js from a path beside its own file: the worker is one bundled file
// (scripts/build-options.ts), and with `globalThis.pdfjsWorker` set pdf.js runs in this thread.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { type CvProblem, firstBytesProblem } from '../../shared/cv-problems';
import { type PdfFinding, type PdfRefusal, pdfContents } from '../untrusted';

// A CV is a PDF by its content, never by its name or declared type: its first bytes, then what its
// decoded objects hold, then pdf.js's reading. Run in a capped child (cv-child.ts), never in the
// server (docs/decisions/052-untrusted-files.md).

/**
 * What the reading may decode (docs/decisions/052-untrusted-files.md, "What a CV may contain"):
 * 192 MB in all, counted as it streams (five pages scanned at 300 dpi are 130 MB; a second to
 * inflate), 8 MB for an object stream, which is held to be read (a CV's are under 1 MB), 100,000
 * objects (a CV has hundreds).
 */
const LIMITS = { decodedBytes: 192 * 1024 * 1024, objectStreamBytes: 8 * 1024 * 1024, objects: 100_000 };

/** What the reading's refusals and findings mean to a candidate, the worst first. */
const REFUSED: Record<PdfRefusal, CvProblem> = {
  bomb: 'bomb',
  undecodable: 'encoding',
  tooComplex: 'tooComplex',
  malformed: 'unreadable',
};
const FOUND: [PdfFinding, CvProblem][] = [
  ['encrypted', 'encrypted'],
  ['javascript', 'javascript'],
  ['launch', 'launch'],
  ['attachment', 'attachment'],
  ['sendsData', 'sendsData'],
];

/** How many entries pdf.js's answer holds: a Map in this version, an object or null in others. */
const entries = (answer: unknown) =>
  answer instanceof Map ? answer.size : answer ? Object.keys(answer as object).length : 0;

/**
 * pdf.js's own reading, as a viewer opens the file: it has pages, and declares no script (the
 * document's, each page's, each annotation's), no attachment (the document's, an annotation's),
 * no encryption, not even one a viewer opens without asking for a password.
 */
async function parse(bytes: Buffer): Promise<CvProblem | undefined> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    stopAtErrors: true,
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) return 'unreadable';
    const [{ info }, scripts, attachments] = await Promise.all([
      doc.getMetadata(),
      doc.getJSActions(),
      doc.getAttachments(),
    ]);
    if ((info as { EncryptFilterName?: string | null }).EncryptFilterName) return 'encrypted';
    if (entries(scripts) > 0) return 'javascript';
    if (entries(attachments) > 0) return 'attachment';
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const [pageScripts, annotations] = await Promise.all([page.getJSActions(), page.getAnnotations()]);
      if (entries(pageScripts) > 0) return 'javascript';
      for (const annotation of annotations as { annotationType: number; actions?: unknown }[]) {
        if (entries(annotation.actions) > 0) return 'javascript';
        if (annotation.annotationType === AnnotationType.FILEATTACHMENT) return 'attachment';
      }
    }
    return undefined;
  } catch (error) {
    return error instanceof PasswordException ? 'encrypted' : 'unreadable';
  } finally {
    await task.destroy();
  }
}

/**
 * Why `bytes` is not a CV we accept, or undefined when it is a plain PDF: its first bytes, then
 * what its decoded objects hold (../untrusted/pdf/), then pdf.js's reading.
 */
export async function cvProblem(bytes: Buffer): Promise<CvProblem | undefined> {
  const header = firstBytesProblem(bytes);
  if (header) return header;
  const contents = await pdfContents(bytes, LIMITS);
  if ('refused' in contents) return REFUSED[contents.refused];
  const found = FOUND.find(([finding]) => contents.findings.has(finding));
  return found ? found[1] : await parse(bytes);
}
