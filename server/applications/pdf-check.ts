import { constants, inflateSync } from 'node:zlib';
import { getDocument, PasswordException } from 'pdfjs-dist/legacy/build/pdf.mjs';
// Loaded here, not by pdf.js from a path beside its own file: the worker is one bundled file
// (scripts/build-options.ts), and with `globalThis.pdfjsWorker` set pdf.js runs in this thread.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { type CvProblem, firstBytesProblem } from '../../shared/cv-problems';

// A CV is a PDF by its content, never by its name or declared type (issue 56 §2): its first bytes,
// then what its objects name, then a parse by pdf.js. Run in a worker thread of its own
// (cv-check.ts), never in the server's.

/** What an inflated stream may grow to, each and all together: a CV's text and fonts are far below it. */
const STREAM_BUDGET_BYTES = 16 * 1024 * 1024;
const TOTAL_BUDGET_BYTES = 48 * 1024 * 1024;
/** More streams than any CV has: past it the file is refused rather than walked. */
const MAX_STREAMS = 20_000;

/** Names that make a PDF do something, or carry something, beyond showing pages. */
const ACTIVE_NAMES: Record<string, CvProblem> = {
  JavaScript: 'javascript',
  JS: 'javascript',
  EmbeddedFile: 'attachment',
  EmbeddedFiles: 'attachment',
  FileAttachment: 'attachment',
  Launch: 'launch',
  Encrypt: 'encrypted',
};

/** A PDF name as written (`/J#61vaScript` is `/JavaScript`, ISO 32000 §7.3.5), checked against ACTIVE_NAMES. */
function activeName(text: string): CvProblem | undefined {
  for (const [, written] of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const name = written!.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    const problem = Object.hasOwn(ACTIVE_NAMES, name) ? ACTIVE_NAMES[name] : undefined;
    if (problem) return problem;
  }
  return undefined;
}

/** How far before its `stream` keyword a stream's dictionary may begin: far more than any CV's. */
const DICTIONARY_REACH = 4096;

/**
 * Inflates each Flate stream within the budgets and reads the names in the object streams (where
 * a compressed PDF keeps its dictionaries). A zip bomb is refused when it passes a budget, never
 * inflated whole; a stream that does not inflate is left for pdf.js to judge. Each stream is found
 * by its keyword and its dictionary read back to its object's `obj`: a pattern that searched for the
 * dictionary itself tried every `<<` of the file, and 200 KB of them held the thread for 5 seconds.
 */
function scanStreams(bytes: Buffer): CvProblem | undefined {
  const text = bytes.toString('latin1');
  let budget = TOTAL_BUDGET_BYTES;
  let streams = 0;
  for (const match of text.matchAll(/>>\s*stream\r?\n/g)) {
    if (++streams > MAX_STREAMS) return 'bomb';
    const reach = text.slice(Math.max(0, match.index - DICTIONARY_REACH), match.index);
    const dictionary = reach.slice(reach.lastIndexOf('obj') + 1);
    if (!/\/FlateDecode\b/.test(dictionary)) continue;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: Math.min(STREAM_BUDGET_BYTES, budget),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'bomb';
      continue;
    }
    budget -= inflated.length;
    if (/\/Type\s*\/ObjStm/.test(dictionary)) {
      const problem = activeName(inflated.toString('latin1'));
      if (problem) return problem;
    }
  }
  return undefined;
}

/** How many entries pdf.js's answer holds: a Map in this version, an object or null in others. */
const entries = (answer: unknown) =>
  answer instanceof Map ? answer.size : answer ? Object.keys(answer as object).length : 0;

/** pdf.js's own reading: it opens, has pages, and declares no script nor attachment. */
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
    const [scripts, attachments] = await Promise.all([doc.getJSActions(), doc.getAttachments()]);
    if (entries(scripts) > 0) return 'javascript';
    if (entries(attachments) > 0) return 'attachment';
    return undefined;
  } catch (error) {
    return error instanceof PasswordException ? 'encrypted' : 'unreadable';
  } finally {
    await task.destroy();
  }
}

/** Why `bytes` is not a CV we accept, or undefined when it is a plain PDF. */
export async function cvProblem(bytes: Buffer): Promise<CvProblem | undefined> {
  const header = firstBytesProblem(bytes);
  if (header) return header;
  return activeName(bytes.toString('latin1')) ?? scanStreams(bytes) ?? (await parse(bytes));
}
