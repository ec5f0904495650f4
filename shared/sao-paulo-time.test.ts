import { describe, expect, it } from 'vitest';
import { isoInSaoPaulo, readableDate, readableInSaoPaulo, todayInSaoPaulo } from './sao-paulo-time';

describe('São Paulo time', () => {
  it('writes an instant in ISO 8601 with the offset São Paulo had then, to the second', () => {
    expect(isoInSaoPaulo('2030-03-15T15:04:05.678Z')).toBe('2030-03-15T12:04:05-03:00');
    expect(isoInSaoPaulo('2030-01-01T02:00:00.000Z')).toBe('2029-12-31T23:00:00-03:00');
    // Daylight saving time, until 2019.
    expect(isoInSaoPaulo('2018-12-01T12:00:00.000Z')).toBe('2018-12-01T10:00:00-02:00');
  });

  it("takes today's date from São Paulo, which is still yesterday for three hours after midnight UTC", () => {
    expect(todayInSaoPaulo(new Date('2030-01-01T02:59:59.999Z'))).toBe('2029-12-31');
    expect(todayInSaoPaulo(new Date('2030-01-01T03:00:00.000Z'))).toBe('2030-01-01');
  });

  it('writes an instant and a date as people in Brazil read them', () => {
    expect(readableInSaoPaulo('2030-01-02T12:00:00.000Z')).toBe('02/01/2030, 09:00');
    expect(readableInSaoPaulo('2018-12-01T12:00:00.000Z')).toBe('01/12/2018, 10:00');
    expect(readableDate('2099-12-31')).toBe('31/12/2099');
  });
});
