import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/**
 * pino's isoTime, written once per millisecond: under load a replica writes dozens of lines in one
 * (one of four trims that took GET / from 0.72 to 0.75 of the bare handler, docs/performance.md).
 */
function isoTimeOncePerMs() {
  let ms = Number.NaN;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== ms) {
      ms = now;
      field = pino.stdTimeFunctions.isoTime();
    }
    return field;
  };
}

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
      timestamp: isoTimeOncePerMs(),
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
