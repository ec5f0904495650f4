import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

describe('csvLine', () => {
  it('quotes every cell, doubles its quotes, separates with ; and ends with CRLF', () => {
    expect(csvLine(['Ana', 'diz "oi"; tchau', 'linha 1\nlinha 2', ''])).toBe(
      '"Ana";"diz ""oi""; tchau";"linha 1\nlinha 2";""\r\n',
    );
  });

  it.each(['=1+1', '+5511', '-2', '@SOMA(A1)', '\tx', '\rx'])('neutralises %j with a leading apostrophe', (value) => {
    expect(csvLine([value])).toBe(`"'${value}"\r\n`);
  });

  it('leaves those characters alone anywhere but at the start', () => {
    expect(csvLine(['a=b', 'a+b', 'a-b', 'a@b'])).toBe('"a=b";"a+b";"a-b";"a@b"\r\n');
  });
});
