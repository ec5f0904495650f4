import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/**
 * JSON lines to `destination`: stdout in the process (server/process/log-output.ts), the test's own
 * in tests. The time is ISO 8601 in UTC and the level a name ("info", "error"), so that a line
 * reads the same to a person at 3 a.m. as to a log collector (docs/requirements.md §11.3).
 */
export function createLogger(level: string, destination: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
