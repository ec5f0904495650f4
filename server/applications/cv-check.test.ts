import { describe, expect, it } from 'vitest';
import { cvPdf, PNG_BYTES, pdfWithJavaScript } from '../../test/support/pdf';
import { checkCv } from './cv-check';

// The server's side of the check (docs/decisions/052-untrusted-files.md): the CVs judged in a
// capped child, each answered with what pdf-check.ts finds. The child loads pdf.js when the first
// file comes, a second or more on a busy machine.
describe('checkCv', { timeout: 60_000 }, () => {
  it('answers from its child what the file is', async () => {
    expect(await checkCv(cvPdf(), '192.0.2.1')).toBeUndefined();
    expect(await checkCv(PNG_BYTES, '192.0.2.1')).toBe('png');
    expect(await checkCv(pdfWithJavaScript(), '192.0.2.1')).toBe('javascript');
  });

  it('answers each of several files sent at once from several addresses with its own problem', async () => {
    await expect(
      Promise.all([
        checkCv(PNG_BYTES, '192.0.2.2'),
        checkCv(cvPdf(), '192.0.2.3'),
        checkCv(pdfWithJavaScript(), '192.0.2.4'),
      ]),
    ).resolves.toEqual(['png', undefined, 'javascript']);
  });
});
