import { Worker } from 'node:worker_threads';
import type { CvProblem } from '../../shared/cv-problems';

// A CV is judged in a worker thread (issue 56 §2, docs/decisions/049-job-applications.md): pdf.js and
// the streams' inflation run on an uploaded file, which a hostile hand can make slow, and pdf.js is
// 3.4 MB of code. In a worker the server's thread never waits for them, a file that takes too long
// is stopped for good (terminate, not a timer beside running code), and the memory goes with the
// worker when no CV has come for a while, instead of staying in every replica that once read one.
// The files wait their turn: one worker reads them one at a time, and a file stopped for its time
// takes only its own worker down; the next file gets a new one.

/** Far more than a real CV takes to be read, even on a busy replica. */
const CHECK_MS = 10_000;
/** How long the worker waits for another CV before it goes, and pdf.js with it. */
const IDLE_MS = 30_000;
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

type Job = { bytes: Buffer; answer: (problem: CvProblem | undefined) => void };

const waiting: Job[] = [];
let worker: Worker | undefined;
let reading = false;
let idle: NodeJS.Timeout | undefined;

function startWorker() {
  const { url, execArgv } = workerModule();
  const started = new Worker(url, { execArgv, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  // Never what keeps a process from exiting: the server's own handles do that.
  started.unref();
  return started;
}

/** One file's reading: its answer, or 'failed' when the worker ran out of time, heap or luck. */
function read(reader: Worker, bytes: Buffer) {
  return new Promise<CvProblem | undefined | 'failed'>((resolve) => {
    const done = (result: CvProblem | undefined | 'failed') => {
      clearTimeout(timer);
      reader.off('message', answered);
      reader.off('error', failed);
      reader.off('exit', failed);
      resolve(result);
    };
    const answered = (problem: CvProblem | null) => done(problem ?? undefined);
    const failed = () => done('failed');
    const timer = setTimeout(failed, CHECK_MS);
    reader.on('message', answered);
    reader.once('error', failed);
    reader.once('exit', failed);
    reader.postMessage(bytes);
  });
}

/** Reads the waiting files one after the other, then lets the worker go after IDLE_MS without one. */
async function readWaiting() {
  if (reading) return;
  reading = true;
  clearTimeout(idle);
  for (let job = waiting.shift(); job; job = waiting.shift()) {
    worker ??= startWorker();
    const reader = worker;
    const result = await read(reader, job.bytes);
    if (result === 'failed') {
      worker = undefined;
      await reader.terminate();
    }
    job.answer(result === 'failed' ? 'unreadable' : result);
  }
  reading = false;
  idle = setTimeout(() => {
    const going = worker;
    worker = undefined;
    void going?.terminate();
  }, IDLE_MS);
  idle.unref();
}

/** Why `bytes` is not a CV we accept, or undefined when it is a plain PDF; 'unreadable' when the check fails or runs out of time. */
export function checkCv(bytes: Buffer): Promise<CvProblem | undefined> {
  return new Promise((answer) => {
    waiting.push({ bytes, answer });
    void readWaiting();
  });
}
