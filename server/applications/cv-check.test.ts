import { describe, expect, it } from 'vitest';
import { cvPdf, PNG_BYTES, pdfWithJavaScript } from '../../test/support/pdf';
import { checkCv } from './cv-check';

// The server's side of the check (issue 56 §2): the CVs judged in a worker thread, one at a time,
// each answered with what pdf-check.ts finds. The worker loads pdf.js (through tsx here) when the
// first file comes, a second or more on a busy machine.
describe('checkCv', { timeout: 30_000 }, () => {
  it('answers from its worker what the file is', async () => {
    expect(await checkCv(cvPdf())).toBeUndefined();
    expect(await checkCv(PNG_BYTES)).toBe('png');
    expect(await checkCv(pdfWithJavaScript())).toBe('javascript');
  });

  it('answers each of several files sent at once with its own problem', async () => {
    await expect(Promise.all([checkCv(PNG_BYTES), checkCv(cvPdf()), checkCv(pdfWithJavaScript())])).resolves.toEqual([
      'png',
      undefined,
      'javascript',
    ]);
  });
});
