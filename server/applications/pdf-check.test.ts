import { describe, expect, it } from 'vitest';
import {
  cvPdf,
  encryptedPdf,
  HIDDEN_ACTIVE_CONTENT,
  PNG_BYTES,
  pdfInObjectStream,
  pdfOf,
  pdfWithAttachment,
  pdfWithJavaScript,
  pdfWithZipBomb,
} from '../../test/support/pdf';
import { cvProblem } from './pdf-check';

// A CV is a PDF by its content, judged as a reader decodes it (docs/decisions/052-untrusted-files.md):
// what each hostile file is refused as.

/** Made once: 200 MB deflated, streamed. */
const ZIP_BOMB = await pdfWithZipBomb();

describe('cvProblem', { timeout: 60_000 }, () => {
  it('accepts a plain one-page PDF', async () => {
    expect(await cvProblem(cvPdf())).toBeUndefined();
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'empty'],
    ['a PNG renamed .pdf', PNG_BYTES, 'png'],
    ['an HTML page', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'), 'html'],
    ['a Word document (a ZIP)', Buffer.from('PK\x03\x04rest of a docx', 'latin1'), 'zip'],
    ['plain text', Buffer.from('Meu currículo'), 'notPdf'],
    ['a PDF that runs JavaScript', pdfWithJavaScript(), 'javascript'],
    ['a PDF with an embedded file', pdfWithAttachment(), 'attachment'],
    ['an encrypted PDF', encryptedPdf(), 'encrypted'],
    ['a stream inflating to 200 MB, past the 192 MB budget', ZIP_BOMB, 'bomb'],
    ['a PDF header over garbage', Buffer.from('%PDF-1.7\nnada aqui'), 'unreadable'],
    [
      'a PDF without pages',
      pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 1 >>']),
      'unreadable',
    ],
    [
      'a stream filter no reader knows',
      cvPdf('x', '', ['<< /Filter /Segredo /Length 3 >>\nstream\nabc\nendstream']),
      'encoding',
    ],
    ['a submit-form action', cvPdf('x', '/OpenAction << /S /SubmitForm /F (https://example.com/) >> '), 'sendsData'],
    [
      'a Launch action on open, which pdf.js itself would not report',
      cvPdf('x', '/OpenAction << /S /Launch /F (calc.exe) >> '),
      'launch',
    ],
  ])('refuses %s', async (_name, bytes, problem) => {
    expect(await cvProblem(bytes)).toBe(problem);
  });

  it('accepts a CV whose objects are all in an object stream, however its filter is written', async () => {
    for (const filter of ['FlateDecode', 'Fl', 'ASCIIHexDecode'] as const)
      expect(await cvProblem(await pdfInObjectStream({ filter, comment: true }))).toBeUndefined();
  });

  // The walks around a pattern over raw bytes: the same objects, in an object stream whose
  // filter is abbreviated, hex-encoded, or parted from `stream` by a comment.
  describe.each([{ filter: 'Fl' }, { filter: 'FlateDecode', comment: true }, { filter: 'ASCIIHexDecode' }] as const)(
    'in an object stream written $filter (comment: $comment)',
    (encoding) => {
      it.each(Object.entries(HIDDEN_ACTIVE_CONTENT))('finds the %s hidden there', async (problem, [page, hidden]) => {
        expect(await cvProblem(await pdfInObjectStream(encoding, page, [...hidden]))).toBe(problem);
      });
    },
  );

  it('refuses the 612 KB PDF whose /Fl object stream inflates to 600 MB, within 8 MB of it', async () => {
    const bomb = await pdfInObjectStream({ filter: 'Fl', paddingMegabytes: 600 });
    expect(bomb.length).toBeLessThan(700_000);
    expect(await cvProblem(bomb)).toBe('bomb');
  });

  // A pattern that looked for each stream's dictionary tried every `<<` of the file: a megabyte of
  // them held the thread for half a minute, five for minutes. Read linearly, it is refused at once.
  it('refuses a megabyte of dictionary openers without holding the thread', { timeout: 10_000 }, async () => {
    const flood = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024, '<')]);
    expect(await cvProblem(flood)).toBe('unreadable');
  });
});
