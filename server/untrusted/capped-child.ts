import { execFile, fork } from 'node:child_process';
// Renamed: the server bundle's banner already declares `createRequire` (scripts/build-options.ts).
import { createRequire as requireAt } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { memoryOf } from './proc-memory';
import type { Job, JudgedInput, Ready, Reply } from './protocol';
import { makeSpoolFolder, spoolFolder } from './spool';

// A child process whose memory is capped by the kernel (docs/decisions/052-untrusted-files.md): a
// worker thread's heap limit leaves out the buffers a parser allocates, which is how one PDF took a
// replica to 1.4 GB. Once the child has loaded its code, its private writable memory (RLIMIT_DATA,
// counted by Linux since 4.7 on every writable private mapping, V8's pages and malloc's alike) is
// capped at what it holds then plus the judge's budget: past it an allocation fails, and the child
// throws or dies; either way its file is refused and the child replaced. RLIMIT_AS cannot serve:
// V8 reserves half a gigabyte of code range and WebAssembly gigabytes of guard pages before any
// file, address space that costs nothing. The permission model takes from the child every file but
// its own code, every process, and the server's environment (its secrets).

/** What a child may use for one file, beyond what its own code holds. */
export type ChildLimits = {
  /** Private writable memory, in MB, above the child's own once warmed up. */
  memoryMb: number;
  /** A file's time, in ms, from when the child has its bytes. */
  timeMs: number;
  /** Whether the judge loads a native addon (sharp), from the package named. */
  addon?: string;
};

/** How a file's judging ended when the child gave no answer. */
export type ChildFailure = 'time' | 'memory' | 'crashed';

type ChildOutcome<Answer> = { answer: Answer } | { failure: ChildFailure };

/** A cold start (the code loaded and warmed) on a machine busy with everything else. */
const START_MS = 30_000;
/** What of a child's stderr is kept to tell an allocation failure from a crash. */
const STDERR_KEPT = 4096;
const OUT_OF_MEMORY = /out of memory|allocation failed|failed to allocate|cannot allocate|ENOMEM/i;
/** How often a judging child's memory is read, and how near its cap a crash counts as the cap's. */
const SAMPLE_MS = 50;
const NEAR_CAP_BYTES = 8 * 1024 * 1024;
const MB = 1024 * 1024;

/** Raised when the kernel's cap cannot be set: the operator's fix is to install prlimit. */
export class CapUnavailable extends Error {}

/** What a child must read: its script, the uploads waiting for it, an addon's package with its native parts. */
function readable(script: string, addon: string | undefined) {
  const folders = [script, spoolFolder()];
  if (addon) {
    // The package and its siblings (@img/sharp-linux-x64, @img/sharp-libvips-…) under one node_modules.
    const entry = requireAt(script).resolve(addon);
    folders.push(entry.slice(0, entry.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 14));
  }
  return folders;
}

/** A running child that judges one file at a time. */
export type CappedChild = {
  pid: number;
  judge<Params, Answer>(input: JudgedInput, params: Params): Promise<ChildOutcome<Answer>>;
  /** True when the child holds much more than when it was capped: its next file gets a new one. */
  swollen(): Promise<boolean>;
  kill(): void;
};

/** Starts `script` (a module calling serveJudgements) and caps it once it is ready. */
export async function startChild(script: string, limits: ChildLimits): Promise<CappedChild> {
  await makeSpoolFolder();
  const child = fork(script, [], {
    execArgv: [
      '--permission',
      ...readable(script, limits.addon).map((folder) => `--allow-fs-read=${folder}`),
      ...(limits.addon ? ['--allow-addons'] : []),
      // A small young generation: the judge's garbage is short-lived, and its memory is counted. A
      // heap no larger than the budget: V8 then fails at once, where at the kernel's cap it would
      // first collect garbage again and again until the file's time ran out.
      '--max-semi-space-size=1',
      `--max-old-space-size=${limits.memoryMb}`,
    ],
    // Nothing of the server's environment (ADMIN_TOKEN, DATABASE_URL, NODE_OPTIONS): only what malloc
    // needs to keep few arenas, each of which would hold freed memory of its own.
    env: { MALLOC_ARENA_MAX: '2' },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_KEPT);
  });
  child.on('error', () => {});
  // Never what keeps the server from exiting; the channel's end makes the child exit too.
  child.unref();
  child.channel?.unref();
  (child.stderr as unknown as { unref(): void }).unref();
  const kill = () => {
    child.kill('SIGKILL');
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), START_MS);
    child.once('message', (message: Ready) => {
      clearTimeout(timer);
      resolve(message.ready === true);
    });
    void exited.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!(await ready)) {
    kill();
    throw new Error(`o processo de verificação não iniciou: ${stderr.trim().split('\n').at(-1) ?? 'sem mensagem'}`);
  }
  const pid = child.pid!;
  const warm = await memoryOf(pid);
  const cap = Math.ceil(((warm?.data ?? 0) + limits.memoryMb) * MB);
  try {
    await promisify(execFile)('prlimit', ['--pid', String(pid), `--data=${cap}:${cap}`]);
  } catch (error) {
    kill();
    throw new CapUnavailable(`prlimit: ${(error as Error).message}`);
  }
  let next = 0;

  const judge = <Params, Answer>(input: JudgedInput, params: Params) =>
    new Promise<ChildOutcome<Answer>>((resolve) => {
      const id = ++next;
      // Read while the file is judged: a child that dies at its cap may leave no word of why.
      let highest = 0;
      const sampler = setInterval(async () => {
        highest = Math.max(highest, (await memoryOf(pid))?.data ?? 0);
      }, SAMPLE_MS);
      const failure = (): ChildFailure =>
        OUT_OF_MEMORY.test(stderr) || highest * MB >= cap - NEAR_CAP_BYTES ? 'memory' : 'crashed';
      const done = (outcome: ChildOutcome<Answer>) => {
        clearTimeout(timer);
        clearInterval(sampler);
        child.off('message', replied);
        resolve(outcome);
      };
      const replied = (reply: Reply<Answer>) => {
        if (reply.id !== id) return;
        if ('answer' in reply) return done({ answer: reply.answer });
        kill();
        done({ failure: OUT_OF_MEMORY.test(reply.thrown) ? 'memory' : failure() });
      };
      const timer = setTimeout(() => {
        kill();
        done({ failure: 'time' });
      }, limits.timeMs);
      child.on('message', replied);
      void exited.then(() => done({ failure: failure() }));
      const job: Job<Params> = Buffer.isBuffer(input) ? { id, bytes: input, params } : { id, path: input.path, params };
      child.send(job);
    });

  const swollen = async () => {
    const now = await memoryOf(pid);
    return !now || now.rss > (warm?.rss ?? 0) + limits.memoryMb / 2;
  };
  return { pid, judge, swollen, kill };
}
