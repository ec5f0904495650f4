import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/** JSON lines to `destination`: stdout in the process (server/log-output.ts), the test's own in tests. */
export function createLogger(level: string, destination: DestinationStream): Logger {
  return pino({ level, base: undefined }, destination);
}
