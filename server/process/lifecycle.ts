import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { continueWithinLimit } from '../http/body-limit';
import type { Config } from './config';
import type { Logger } from './logger';
import { onShutdownSignals } from './signals';

// Above the idle timeout of common proxies (60 s), so the proxy closes first, never us.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How long the last log lines may take to leave before the process exits anyway. */
const LAST_LINES_MS = 250;

type Shutdown = {
  /** Aborted on the first signal: readiness turns 503. */
  draining: AbortController;
  /** Called when the drain ends, beside the last requests: stops background work within `budgetMs`. */
  stopWork: (budgetMs: number) => Promise<void>;
  /** Called once no request is left and the work has stopped: closes the database. */
  close: () => Promise<void>;
  /** Lets the log lines out, for at most `timeoutMs`. */
  flushLogs: (timeoutMs: number) => Promise<void>;
};

type Listening = Pick<Config, 'port' | 'host' | 'shutdown'>;

/**
 * Listens, and on SIGTERM/SIGINT shuts down without dropping a request (docs/requirements.md §10.7.1):
 * readiness turns 503 at once, but for `drainMs` new connections are still accepted and answered
 * (with `Connection: close`), because a proxy or a Kubernetes Service keeps routing to us for a
 * moment after the signal. Then the listener closes, the requests in flight finish, idle sockets
 * close, background work stops and the database closes; exit 0. The forced exit (1) covers the
 * whole sequence: `timeoutMs` from the signal.
 */
export async function listen(app: RequestListener, config: Listening, logger: Logger, hooks: Shutdown) {
  const { drainMs, timeoutMs } = config.shutdown;
  let stopping = false;
  const handle: RequestListener = (req, res) => {
    // Busy keep-alive sockets survive server.close(): tell them to close after this reply.
    if (stopping) res.setHeader('Connection', 'close');
    app(req, res);
  };
  const server = createServer(handle).on('checkContinue', continueWithinLimit(handle));
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  server.requestTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });

  const exit = async (code: number) => {
    await hooks.flushLogs(LAST_LINES_MS);
    process.exit(code);
  };
  const forceExit = () => {
    logger.error({ timeoutMs }, 'encerramento forçado: saída sem esperar as requisições em andamento');
    void exit(1);
  };

  const shutdown = async (signal: NodeJS.Signals) => {
    stopping = true;
    hooks.draining.abort();
    const deadline = Date.now() + timeoutMs;
    const timer = setTimeout(forceExit, timeoutMs);
    logger.info({ signal, drainMs, timeoutMs }, 'encerrando: a prontidão responde 503; novas conexões ainda atendidas');

    await sleep(drainMs);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // server.close() closes the sockets idle now; these are the ones that become idle later.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    await Promise.all([closed, hooks.stopWork((deadline - Date.now()) / 2)]);
    clearInterval(closeIdle);
    await hooks.close();
    clearTimeout(timer);
    logger.info('encerrado');
    await exit(0);
  };
  onShutdownSignals(
    (signal) =>
      void shutdown(signal).catch((error: unknown) => {
        logger.error({ err: error }, 'falha no encerramento');
        void exit(1);
      }),
    () => {
      logger.warn('segundo Ctrl-C: saída imediata');
      void exit(1);
    },
  );
  // Only now: whoever waits for this line (an orchestrator, a test) may signal at once.
  const { port } = server.address() as AddressInfo;
  logger.info({ host: config.host, port }, 'servidor no ar');
}
