import { readFile } from 'node:fs/promises';
import type { Job, Ready, Reply } from './protocol';

/**
 * The child's side (docs/decisions/052-untrusted-files.md): runs `warmUp` (which loads the judge's
 * code and exercises it, so the memory measured before the cap is the code's and not a file's),
 * says it is ready, then judges each file it is sent. It goes when the server does: the channel's
 * end is the server's exit, a kill or a shutdown.
 */
export async function serveJudgements<Params, Answer>(
  judge: (bytes: Buffer, params: Params) => Promise<Answer>,
  warmUp: () => Promise<unknown>,
) {
  const send = (message: Ready | Reply<Answer>) => process.send!(message);
  process.on('disconnect', () => process.exit(0));
  await warmUp();
  process.on('message', async (job: Job<Params>) => {
    const { id, params } = job;
    try {
      const bytes =
        'path' in job
          ? await readFile(job.path)
          : Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
      send({ id, answer: await judge(bytes, params) });
    } catch (error) {
      send({ id, thrown: String((error as Error)?.message ?? error) });
    }
  });
  send({ ready: true });
}
