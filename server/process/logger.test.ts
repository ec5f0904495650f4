import { describe, expect, it } from 'vitest';
import { createLogger, infoLines } from './logger';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

describe('infoLines', () => {
  it("writes the very line pino's info writes, keys in the same order", () => {
    const { lines, destination } = capture();
    const logger = createLogger('info', destination);
    const fields = { req: { id: 'a-1', method: 'GET', path: '/ação' }, res: { status: 200 }, durationMs: 1.5 };
    logger.info(fields, 'requisição atendida');
    infoLines(logger)(fields, 'requisição atendida');
    const [fromPino, ours] = lines.map((line) => line.replace(/"time":\d+/, '"time":0'));
    expect(ours).toBe(fromPino);
    expect(lines[1]).toMatch(/\n$/);
  });

  it('writes nothing when the level is above info', () => {
    const { lines, destination } = capture();
    infoLines(createLogger('warn', destination))({ res: { status: 200 } }, 'requisição atendida');
    expect(lines).toEqual([]);
  });
});
