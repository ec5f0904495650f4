import { parentPort } from 'node:worker_threads';
import { cvProblem } from './pdf-check';

// The worker thread that judges one CV (cv-check.ts): the bytes in, the problem's key (or null) out.
parentPort!.once('message', async (bytes: Uint8Array) => {
  parentPort!.postMessage((await cvProblem(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) ?? null);
});
