import { Worker } from 'node:worker_threads';
import type { CvProblem } from './cv-problems';

// A CV is judged in a worker thread of its own (issue 56 §2, docs/decisions/049-job-applications.md):
// pdf.js and the streams' inflation run on an uploaded file, which a hostile hand can make slow, and
// pdf.js is 4 MB of code. In a worker the server's thread never waits for them, a file that takes too
// long is stopped for good (terminate, not a timer beside running code), and the memory goes with the
// worker instead of staying in every replica that once read a CV.

/** Far more than a real CV takes to be read, even on a busy replica. */
const CHECK_MS = 10_000;
/** The worker's heap: room for pdf.js and one 5 MB file with its inflated streams (pdf-check.ts's budgets). */
const HEAP_MB = 160;

/**
 * The worker's module: the bundle beside the server's (scripts/build-options.ts), or the sources
 * through tsx when the server runs from them (npm run dev, the tests).
 */
function workerModule() {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { url: new URL('./cv-worker.ts', here), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./cv-worker.js', here), execArgv: [] };
}

/** Why `bytes` is not a CV we accept, or undefined when it is a plain PDF; 'unreadable' when the check fails or runs out of time. */
export async function checkCv(bytes: Buffer): Promise<CvProblem | undefined> {
  const { url, execArgv } = workerModule();
  const worker = new Worker(url, { execArgv, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<CvProblem | undefined>((resolve) => {
      timer = setTimeout(() => resolve('unreadable'), CHECK_MS);
      worker.once('message', (problem: CvProblem | null) => resolve(problem ?? undefined));
      // Out of heap, or any failure of the worker: the file is not one we can read.
      worker.once('error', () => resolve('unreadable'));
      worker.once('exit', () => resolve('unreadable'));
      worker.postMessage(bytes);
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
