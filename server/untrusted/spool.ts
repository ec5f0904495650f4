import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StartupError } from '../process/startup-error';

// An upload goes to disk as it arrives, never whole into the server's memory
// (docs/decisions/052-untrusted-files.md): twenty CVs of 4.9 MB held at once took a replica from
// 296 to 407 MB. The file waits there for its child, which reads it itself; the server reads it
// again only to store a file the child accepted, one at a time as the child answers.

/** Uploads on disk at once (docs/decisions/052-untrusted-files.md). */
const MAX_SPOOLED = 64;
/**
 * Their bytes at once, counted as they are written: 64 CVs of 5 MB, or 26 photos of 12 MB. The kits'
 * volumes are sized on it (deploy/kubernetes/deployment.yaml evicts a pod past 400 MiB).
 */
const MAX_SPOOLED_BYTES = 320 * 1024 * 1024;

/**
 * The folder the uploads wait in: under TMPDIR, which the image sets to its writable volume. One per
 * user, since it is this user's alone (0700) and /tmp is everyone's.
 */
export const spoolFolder = () => path.join(tmpdir(), `site-uploads-${process.getuid?.() ?? 0}`);

/** Makes the folder, readable by this user only; a child is allowed to read it only if it exists. */
export const makeSpoolFolder = () => mkdir(spoolFolder(), { recursive: true, mode: 0o700 });

/**
 * At start, the spool written to once, or one line naming the fix: a read-only root with no
 * writable TMPDIR would answer every CV "try later" and say nothing of why.
 */
export async function prepareSpool() {
  const probe = path.join(spoolFolder(), `start-${randomUUID()}`);
  try {
    await makeSpoolFolder();
    await writeFile(probe, '', { flag: 'wx', mode: 0o600 });
    await rm(probe);
  } catch (error) {
    throw new StartupError(
      `TMPDIR ${tmpdir()} não aceita gravação (${(error as NodeJS.ErrnoException).code ?? error}): os currículos ` +
        'esperam ali pela verificação; aponte TMPDIR para uma pasta gravável do usuário do processo, como a imagem faz com /data/tmp',
    );
  }
}

/** An upload on disk, until `discard`. */
export type SpooledFile = { path: string; bytes: number; read(): Promise<Buffer>; discard(): Promise<void> };

/** More uploads, or bytes, than the spool holds are arriving: the sender is asked to try again in a minute. */
export class SpoolFull extends Error {}

let spooled = 0;
let spooledBytes = 0;

/** Writes `stream` to a new file of its own, readable by this user only. */
export async function spool(stream: Readable): Promise<SpooledFile> {
  if (spooled >= MAX_SPOOLED) {
    stream.resume();
    throw new SpoolFull();
  }
  spooled++;
  const file = path.join(spoolFolder(), randomUUID());
  let discarded = false;
  let mine = 0;
  const discard = async () => {
    if (discarded) return;
    discarded = true;
    spooled--;
    spooledBytes -= mine;
    await rm(file, { force: true });
  };
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      mine += chunk.length;
      spooledBytes += chunk.length;
      done(spooledBytes > MAX_SPOOLED_BYTES ? new SpoolFull() : null, chunk);
    },
  });
  try {
    await makeSpoolFolder();
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    await pipeline(stream, counted, out);
    return { path: file, bytes: out.bytesWritten, read: () => readFile(file), discard };
  } catch (error) {
    stream.resume();
    await discard();
    throw error;
  }
}
