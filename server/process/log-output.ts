import { fstatSync } from 'node:fs';
import { Socket } from 'node:net';
import type { DestinationStream } from 'pino';

/** Lines waiting for a reader that has stalled are dropped past this, instead of filling the memory. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/** Where the process writes its log lines, and how it lets the last ones out before exiting. */
export type LogOutput = DestinationStream & {
  /** Resolves once the lines written so far have left, or after `timeoutMs`, whichever comes first. */
  flush(timeoutMs: number): Promise<void>;
};

/**
 * stdout, written so that logging can never hold the process. A pipe or a socket (a container's
 * log driver, journald, a collector) is the reader that can stall or die, so it is written without
 * blocking: no request waits for it, lines past 4 MB pending are dropped, a broken pipe (EPIPE)
 * turns logging off, and nothing is left to wait for at exit. pino.destination() does not give
 * that: its flushSync at exit retries EPIPE forever (sonic-boom 4), and its asynchronous writes
 * block a thread-pool thread on a stalled pipe, which process.exit() then waits to join.
 * A terminal or a file is written as Node writes them, synchronously: neither stalls in practice.
 */
export function stdoutLog(): LogOutput {
  const stdout = fstatSync(1);
  if (!stdout.isFIFO() && !stdout.isSocket()) {
    process.stdout.on('error', () => {});
    return { write: (line: string) => process.stdout.write(line), flush: async () => {} };
  }
  // Not process.stdout, which Node makes blocking for pipes on Linux: libuv opens this one non-blocking.
  const socket = new Socket({ fd: 1, readable: false, writable: true });
  let broken = false;
  socket.on('error', () => {
    broken = true;
    socket.destroy();
  });
  // The lines of one turn of the event loop leave together, in one write: under load a replica
  // writes a line per request, and a stream write each (its bookkeeping, then a system call) is a
  // cost every request would pay.
  let pending = '';
  const send = () => {
    if (!pending) return;
    if (!broken) socket.write(pending);
    pending = '';
  };
  return {
    write(line: string) {
      if (broken || socket.writableLength + pending.length >= MAX_PENDING_BYTES) return;
      if (!pending) setImmediate(send);
      pending += line;
    },
    flush: (timeoutMs) =>
      new Promise<void>((resolve) => {
        send();
        if (broken || socket.writableLength === 0) return resolve();
        const timer = setTimeout(resolve, timeoutMs);
        // Writes complete in order: this one's callback runs once every line before it has left.
        socket.write('', () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
