import { describe, expect, it } from 'vitest';
import { firstBytesProblem } from './cv-problems';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('what a file’s first bytes say against a CV, as the form’s island reads them', () => {
  it('lets a PDF on to the server’s check', () => {
    expect(firstBytesProblem(bytes('%PDF-1.7\n%âãÏÓ'))).toBeUndefined();
  });

  it.each([
    ['an empty file', new Uint8Array(), 'empty'],
    ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'png'],
    ['a JPEG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    ['a Word file', bytes('PK\x03\x04word/document.xml'), 'zip'],
    ['an HTML page after a byte order mark', bytes('\ufeff  <!DOCTYPE html><html>'), 'html'],
    ['a text file', bytes('Currículo de Ana'), 'notPdf'],
  ])('names %s', (_what, file, problem) => {
    expect(firstBytesProblem(file)).toBe(problem);
  });
});
