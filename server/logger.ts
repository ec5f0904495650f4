import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** JSON lines on stdout; tests pass their own destination to read what was logged. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, base: undefined }, destination);
}
