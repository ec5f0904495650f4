import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/**
 * JSON lines on stdout; tests pass their own destination to read what was logged. Writes are
 * asynchronous (lines logged while one write is under way leave together), and pino flushes
 * what is pending when the process exits.
 */
export function createLogger(
  level: string,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  return pino({ level, base: undefined }, destination);
}
