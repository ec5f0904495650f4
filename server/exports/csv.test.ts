import { describe, expect, it } from 'vitest';
import { brasiliaTime, csvLine } from './csv';

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

describe('brasiliaTime', () => {
  it('writes an instant in ISO 8601 with the offset Brasília had then, to the second', () => {
    expect(brasiliaTime('2030-03-15T15:04:05.678Z')).toBe('2030-03-15T12:04:05-03:00');
    expect(brasiliaTime('2030-01-01T02:00:00.000Z')).toBe('2029-12-31T23:00:00-03:00');
    // Daylight saving time, until 2019.
    expect(brasiliaTime('2018-12-01T12:00:00.000Z')).toBe('2018-12-01T10:00:00-02:00');
  });
});
