import type { Logger } from './logger';

// What escapes every handler (docs/operations.md, "When a bug escapes"): a rejection nobody awaited
// and an exception nobody caught are the same thing, a bug whose damage is unknown. Both get one
// JSON line at `fatal`, with the error, for the collector that reads the rest of the log; then the
// process exits 1, the lines out first, for its supervisor (Docker's restart policy, Swarm, a
// Deployment, systemd) to start a clean one. Going on would serve from a state nobody can vouch for.

/** How long the last lines get to leave before the exit. */
const FLUSH_MS = 1_000;

/** Installs the policy for the process's lifetime; `flush` lets the log's pending lines out. */
export function exitOnEscapedErrors(logger: Logger, flush: (timeoutMs: number) => Promise<void>) {
  let exiting = false;
  const escaped = (kind: string) => (error: unknown) => {
    if (exiting) return;
    exiting = true;
    logger.fatal({ err: error }, `${kind}: o processo termina para ser reiniciado`);
    void flush(FLUSH_MS).finally(() => process.exit(1));
  };
  process.on('uncaughtException', escaped('exceção não tratada'));
  process.on('unhandledRejection', escaped('promessa rejeitada sem tratamento'));
}
