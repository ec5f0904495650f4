import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { continueWithinLimit } from './body-limit';
import type { Config } from './config';
import type { Logger } from './logger';

// Above the idle timeout of common proxies (60 s), so the proxy closes first, never us.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

type Shutdown = {
  /** Aborted on the first signal: readiness turns 503 and background work stops. */
  draining: AbortController;
  /** Closes what the app holds (the database) once the last request has finished. */
  onClose: () => Promise<void>;
};

/** Listens, and on SIGTERM/SIGINT lets in-flight requests finish before exiting 0. */
export async function listen(app: RequestListener, config: Config, logger: Logger, { draining, onClose }: Shutdown) {
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
  const { port } = server.address() as AddressInfo;
  logger.info({ host: config.host, port }, 'servidor no ar');

  const shutdown = (signal: NodeJS.Signals) => {
    // What must happen comes before any log line: a write to a broken stdout must not stop it.
    if (stopping) process.exit(1);
    stopping = true;
    const forceExit = setTimeout(() => {
      try {
        logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'encerramento excedeu o tempo limite');
      } finally {
        process.exit(1);
      }
    }, config.shutdownTimeoutMs);
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    draining.abort();
    server.close(async () => {
      clearInterval(closeIdle);
      await onClose();
      clearTimeout(forceExit);
      logger.info('encerrado');
      process.exit(0);
    });
    logger.info({ signal }, 'encerrando: aguardando as requisições em andamento; um segundo sinal força a saída');
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
