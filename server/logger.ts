import { type DestinationStream, type Logger, pino } from 'pino';
import { stdoutLog } from './log-output';

export type { Logger };

/** JSON lines on stdout (see log-output.ts); tests pass their own destination to read what was logged. */
export function createLogger(level: string, destination: DestinationStream = stdoutLog()): Logger {
  return pino({ level, base: undefined }, destination);
}
