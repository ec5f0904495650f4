import { serveJudgements } from '../untrusted';
import { cvProblem } from './pdf-check';
import { cvPdfForWarmUp } from './warm-up-pdf';

// The child that judges the CVs (cv-check.ts), one at a time: a file's bytes in, its problem (or null) out.
await serveJudgements(
  async (bytes: Buffer) => (await cvProblem(bytes)) ?? null,
  () => cvProblem(cvPdfForWarmUp()),
);
