import { parentPort } from 'node:worker_threads';
import { cvProblem } from './pdf-check';

// The worker thread that judges the CVs (cv-check.ts), one at a time: a file's bytes in, its
// problem's key (or null) out.
parentPort!.on('message', async (bytes: Uint8Array) => {
  parentPort!.postMessage((await cvProblem(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) ?? null);
});
