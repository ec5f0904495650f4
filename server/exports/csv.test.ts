import { describe, expect, it } from 'vitest';
import { FORMULAS } from '../../test/support/spreadsheet';
import { csvLine, phoneCell } from './csv';

describe('csvLine', () => {
  it('quotes every cell, doubles its quotes, separates with ; and ends with CRLF', () => {
    expect(csvLine(['Ana', 'diz "oi"; tchau', 'linha 1\nlinha 2', ''])).toBe(
      '"Ana";"diz ""oi""; tchau";"linha 1\nlinha 2";""\r\n',
    );
  });

  it.each(FORMULAS)('neutralises %j with a leading apostrophe', (value) => {
    expect(csvLine([value])).toBe(`"'${value.replaceAll('"', '""')}"\r\n`);
  });

  it('leaves those characters alone anywhere but at the start', () => {
    expect(csvLine(['a=b', 'a+b', 'a-b', 'a@b'])).toBe('"a=b";"a+b";"a-b";"a@b"\r\n');
  });
});

describe('phoneCell', () => {
  it.each(['+55 11 91234-5678', '(91) 3222-1100', '11912345678', '0800 123 4567', '-2'])(
    'keeps the plain phone number %j as text with an invisible word joiner, no apostrophe',
    (phone) => {
      expect(csvLine([phoneCell(phone)])).toBe(`"\u2060${phone}"\r\n`);
    },
  );

  it.each(['+55 =1+1', '=HYPERLINK("x")', '@123', '+1 (x)'])(
    'leaves %j, no plain phone number, to the apostrophe',
    (value) => {
      expect(csvLine([phoneCell(value)])).toBe(`"'${value.replaceAll('"', '""')}"\r\n`);
    },
  );
});
