import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/** JSON lines to `destination`: stdout in the process (server/process/log-output.ts), the test's own in tests. */
export function createLogger(level: string, destination: DestinationStream): Logger {
  return pino({ level, base: undefined }, destination);
}

/**
 * For the lines written on every request (the access log, server/http/request-logging.ts): the JSON
 * line `logger.info(fields, msg)` would write — same keys, same order — built by one
 * JSON.stringify and handed to the logger's own destination. pino's per-call work (one stringify
 * per nested object, its hooks) was the largest share of what a page request cost beyond a bare
 * handler (README "Performance"). Nothing is built when the level is above info.
 */
export function infoLines(logger: Logger): (fields: object, msg: string) => void {
  if (!logger.isLevelEnabled('info')) return () => {};
  const destination = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym]!;
  const level = logger.levels.values.info;
  return (fields, msg) => destination.write(`${JSON.stringify({ level, time: Date.now(), ...fields, msg })}\n`);
}
