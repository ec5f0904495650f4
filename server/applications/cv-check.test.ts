import { describe, expect, it } from 'vitest';
import { cvPdf, PNG_BYTES, pdfWithJavaScript } from '../../test/support/pdf';
import { checkCv } from './cv-check';

// The server's side of the check (issue 56 §2): each CV judged in a worker thread, which answers
// what pdf-check.ts finds, and goes when it has answered. Each worker loads pdf.js anew (through tsx
// here), a second or more on a busy machine.
describe('checkCv', { timeout: 30_000 }, () => {
  it('answers from its worker what the file is', async () => {
    expect(await checkCv(cvPdf())).toBeUndefined();
    expect(await checkCv(PNG_BYTES)).toBe('png');
    expect(await checkCv(pdfWithJavaScript())).toBe('javascript');
  });
});
