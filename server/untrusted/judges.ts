import { type CappedChild, CapUnavailable, type ChildFailure, type ChildLimits, startChild } from './capped-child';
import { type ChildName, childScript } from './child-script';
import type { JudgedInput } from './protocol';
import { admits, MAX_WAIT_MS, nextIndex, type Waiting } from './queue';

// Every untrusted file of every feature is judged here, in a capped child (capped-child.ts), in
// the order queue.ts gives (docs/decisions/052-untrusted-files.md).

/** A child's program and what it may use for one file. */
export type ChildKind = { name: ChildName; limits: ChildLimits };

/** Why a file got no answer: its child's (time, memory, a crash), a full queue, or no cap to be had. */
type JudgeFailure = ChildFailure | 'busy' | 'unavailable';

export type Judged<Answer> = { answer: Answer } | { failure: JudgeFailure; detail?: string };

/**
 * Children alive at once. One: a replica's container holds the server (about 175 MB idle) and a
 * child at its cap (85 MB for pdf.js and its code, plus the judge's budget) within 320 MiB
 * (docs/decisions/052-untrusted-files.md).
 */
const SLOTS = 1;
/** How long an idle child waits for another file before it goes, and its memory with it. */
const IDLE_MS = 30_000;

type Queued = Waiting & {
  kind: ChildKind;
  input: JudgedInput;
  params: unknown;
  answer: (judged: Judged<unknown>) => void;
  expiry?: NodeJS.Timeout;
};

type Slot = { kind?: ChildName; child?: Promise<CappedChild>; judging?: Queued; idle?: NodeJS.Timeout };

const queued: Queued[] = [];
const slots: Slot[] = Array.from({ length: SLOTS }, () => ({}));

function retire(slot: Slot) {
  void slot.child?.then(
    (child) => child.kill(),
    () => {},
  );
  slot.child = undefined;
  slot.kind = undefined;
}

async function judgeIn(slot: Slot, file: Queued): Promise<Judged<unknown>> {
  clearTimeout(slot.idle);
  if (slot.kind !== file.kind.name) retire(slot);
  const reused = slot.child !== undefined;
  slot.kind = file.kind.name;
  slot.child ??= childScript(file.kind.name).then((script) => startChild(script, file.kind.limits));
  let child: CappedChild;
  try {
    child = await slot.child;
  } catch (error) {
    retire(slot);
    const detail = (error as Error).message;
    return {
      failure: 'unavailable',
      detail: error instanceof CapUnavailable ? `instale o prlimit (util-linux): ${detail}` : detail,
    };
  }
  const outcome = await child.judge(file.input, file.params);
  if ('failure' in outcome || (await child.swollen())) retire(slot);
  // A child that judged files before holds what they left (garbage not yet collected after a
  // bomb's refusal): a small honest CV was killed at the cap there. A file is refused for its
  // memory or a crash only in a fresh child.
  if (reused && 'failure' in outcome && outcome.failure !== 'time') return judgeIn(slot, file);
  slot.idle = setTimeout(() => retire(slot), IDLE_MS);
  slot.idle.unref();
  return outcome;
}

/** Gives each free slot the next file. */
function pump() {
  for (const slot of slots) {
    if (slot.judging || queued.length === 0) continue;
    const [file] = queued.splice(nextIndex(queued, performance.now()), 1);
    clearTimeout(file!.expiry);
    slot.judging = file;
    void judgeIn(slot, file!).then((judged) => {
      slot.judging = undefined;
      file!.answer(judged);
      pump();
    });
  }
}

/**
 * Judges `input` (bytes, or an upload spooled to disk) in a child of `kind` with `params`, as a
 * file sent from the address `from`: the child's answer, or why there is none. Never throws; the
 * caller names each failure to its user.
 */
export function judgeInChild<Params, Answer>(
  kind: ChildKind,
  input: JudgedInput,
  params: Params,
  from: string,
): Promise<Judged<Answer>> {
  return new Promise((answer) => {
    const judging = slots.flatMap(({ judging }) => (judging ? [judging] : []));
    if (!admits(queued, judging, from)) return answer({ failure: 'busy' });
    const file: Queued = {
      from,
      bytes: Buffer.isBuffer(input) ? input.length : input.bytes,
      queuedAt: performance.now(),
      kind,
      input,
      params,
      answer: answer as (judged: Judged<unknown>) => void,
    };
    file.expiry = setTimeout(() => {
      queued.splice(queued.indexOf(file), 1);
      answer({ failure: 'busy' });
    }, MAX_WAIT_MS);
    file.expiry.unref();
    queued.push(file);
    pump();
  });
}
