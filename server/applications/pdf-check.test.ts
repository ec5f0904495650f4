import { describe, expect, it } from 'vitest';
import {
  cvPdf,
  encryptedPdf,
  PNG_BYTES,
  pdfOf,
  pdfWithAttachment,
  pdfWithJavaScript,
  pdfWithZipBomb,
} from '../../test/support/pdf';
import { cvProblem } from './pdf-check';

// A CV is a PDF by its content (issue 56 §2): what each hostile file is refused as.

describe('cvProblem', () => {
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
    ['a zip bomb in a PDF stream', pdfWithZipBomb(), 'bomb'],
    ['a PDF header over garbage', Buffer.from('%PDF-1.7\nnada aqui'), 'unreadable'],
    [
      'a PDF without pages',
      pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']),
      'unreadable',
    ],
  ])('refuses %s', async (_name, bytes, problem) => {
    expect(await cvProblem(bytes)).toBe(problem);
  });

  // A pattern that looked for each stream's dictionary tried every `<<` of the file: a megabyte of
  // them held the thread for half a minute, five for minutes. Read linearly, it is refused at once.
  it('refuses a megabyte of dictionary openers without holding the thread', { timeout: 10_000 }, async () => {
    const flood = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024, '<')]);
    expect(await cvProblem(flood)).toBe('unreadable');
  });
});
