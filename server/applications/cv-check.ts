import type { CvProblem } from '../../shared/cv-problems';
import { type ChildKind, judgeInChild, type SpooledFile } from '../untrusted';

// A CV is judged in a capped child (docs/decisions/052-untrusted-files.md), never in the server:
// pdf.js and every stream's decoding run on a file a hostile hand made.

/**
 * 48 MB: a 5 MB CV, pdf.js's copy of it and the streams decoded within pdf-check.ts's budget. 5 s: a
 * real CV is read in a few hundred ms even on a busy replica; what takes longer is refused.
 */
const CV_CHILD: ChildKind = { name: 'cv-child', limits: { memoryMb: 48, timeMs: 5_000 } };

/** What the child's failures mean to the candidate. */
const FAILURES: Record<string, CvProblem> = {
  time: 'tooComplex',
  memory: 'bomb',
  crashed: 'unreadable',
  busy: 'busy',
  unavailable: 'unavailable',
};

/**
 * Why `file` (bytes, or an upload on disk), sent from the address `from`, is not a CV we accept,
 * or undefined when it is a plain PDF. `log` hears why a child gave no answer (the operator's line).
 */
export async function checkCv(file: Buffer | SpooledFile, from: string, log?: (detail: string) => void) {
  const judged = await judgeInChild<null, CvProblem | null>(CV_CHILD, file, null, from);
  if ('answer' in judged) return judged.answer ?? undefined;
  log?.(`currículo não verificado (${judged.failure})${judged.detail ? `: ${judged.detail}` : ''}`);
  return FAILURES[judged.failure]!;
}
