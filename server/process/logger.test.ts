import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the logger', () => {
  it('writes one JSON line with the level by name and the time in ISO 8601', () => {
    const { lines, destination } = capture();
    createLogger('info', destination).warn({ channel: 'email' }, 'aviso');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\n$/);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toEqual({ level: 'warn', time: expect.any(String), channel: 'email', msg: 'aviso' });
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(line.time as string) - Date.now())).toBeLessThan(60_000);
  });

  it('gives each line the time it was written, to the millisecond', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00.000Z'), toFake: ['Date'] });
    const { lines, destination } = capture();
    const logger = createLogger('info', destination);
    logger.info('um');
    logger.info('dois');
    vi.setSystemTime(Date.parse('2026-11-27T10:00:00.001Z'));
    logger.info('três');
    expect(lines.map((line) => (JSON.parse(line) as { time: string }).time)).toEqual([
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T10:00:00.001Z',
    ]);
  });

  it('writes nothing below its level', () => {
    const { lines, destination } = capture();
    createLogger('warn', destination).info('atendida');
    expect(lines).toEqual([]);
  });
});
