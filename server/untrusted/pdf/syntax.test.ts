import { describe, expect, it } from 'vitest';
import { PdfReader, PdfSyntaxError } from './syntax';

// PDF's syntax as a reader reads it (ISO 32000-1 §7.2–7.3).

const read = (text: string) => new PdfReader(Buffer.from(text, 'latin1')).value();

describe('PdfReader', () => {
  it('reads a dictionary with names escaped, a comment inside and a reference', () => {
    const value = read('<< /S /J#61vaScript % um comentário\n /Next 12 0 R /Rect [0 0.5 -3] >>');
    expect(value).toEqual({
      kind: 'dict',
      entries: new Map([
        ['S', { kind: 'name', name: 'JavaScript' }],
        ['Next', { kind: 'ref', number: 12, generation: 0 }],
        [
          'Rect',
          {
            kind: 'array',
            items: [
              { kind: 'number', value: 0 },
              { kind: 'number', value: 0.5 },
              { kind: 'number', value: -3 },
            ],
          },
        ],
      ]),
    });
  });

  it('reads nested and escaped literal strings, and hex strings, whole', () => {
    expect(read('(a (b) \\) \\101 \\n)')).toEqual({ kind: 'string', bytes: Buffer.from('a (b) ) A \n') });
    expect(read('<4A53 3>')).toEqual({ kind: 'string', bytes: Buffer.from('JS0') });
  });

  it('does not take a dictionary inside a string for one', () => {
    expect(read('(<< /S /JavaScript >>)')).toMatchObject({ kind: 'string' });
  });

  it('refuses 5,000 levels of nesting rather than recursing into them', () => {
    expect(() => read(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toThrow(PdfSyntaxError);
  });
});
