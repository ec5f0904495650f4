import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { reportCapEvents } from './cap-reports';
import type { Config } from './config';
import { capConnections, type EvictionReason } from './connections';
import { listenFailure } from './listen-errors';
import type { Logger } from './logger';
import { onShutdownSignals } from './signals';

// Above the idle timeout of common proxies (60 s), so the proxy closes first, never us.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * A request's headers must arrive within 5 s of its first byte, and the whole request (headers and
 * a body of at most 16 KB) within 10 s: a browser sends its headers in one packet. HAProxy's anti-DoS
 * example gives a whole request 5 s, the kit's HAProxy 10 s (deploy/haproxy/haproxy.cfg). Node's
 * defaults, 60 s and 300 s, let a slowloris hold a socket for a minute (docs/requirements.md §10.20).
 */
const HEADERS_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
/**
 * The send timeout of every response, nginx's send_timeout (60 s) as Node has it: a socket on which
 * nothing moves for this long while a request is answered is closed. It counts from the last write
 * the kernel or libuv took, and they take a great deal after a client stops reading: one stalled
 * export was cut after 61 s. The exports, the one reply larger than the socket buffers, also have
 * their own, exact one (server/exports/routes.ts). The kit's HAProxy's `timeout client` is 30 s.
 */
const SEND_TIMEOUT_MS = 30_000;
/** How often Node looks for requests past those timeouts: its default, 30 s, let one run 35 s. */
const TIMEOUT_CHECK_MS = 1_000;
/** How long the last log lines may take to leave before the process exits anyway. */
const LAST_LINES_MS = 250;

type Hooks = {
  /** Called for each connection closed at once because MAX_CONNECTIONS are open (the metrics). */
  onConnectionRefused?: () => void;
  /** Called for each open connection closed to make room for a new one, with why it was chosen (the metrics). */
  onConnectionEvicted?: (reason: EvictionReason) => void;
  /** Aborted on the first signal: readiness turns 503. */
  draining: AbortController;
  /** Called when the drain ends, beside the last requests: stops background work within `budgetMs`. */
  stopWork: (budgetMs: number) => Promise<void>;
  /** Called once no request is left and the work has stopped: closes the database. */
  close: () => Promise<void>;
  /** Lets the log lines out, for at most `timeoutMs`. */
  flushLogs: (timeoutMs: number) => Promise<void>;
};

/** What the HTTP layer (server/http/) answers before the app sees a request: the entry passes it in. */
type Protocol = {
  /** The 'checkContinue' listener: whether a body announced with Expect: 100-continue may come. */
  checkContinue: (handle: RequestListener) => RequestListener;
  /** The 'clientError' listener, told which response, if any, a socket is writing. */
  clientError: (
    replying: (socket: Socket) => ServerResponse | undefined,
  ) => (error: NodeJS.ErrnoException, socket: Socket) => void;
};

type Listening = Pick<Config, 'port' | 'host' | 'shutdown' | 'maxConnections'>;

/**
 * Listens, and on SIGTERM/SIGINT shuts down without dropping a request (docs/requirements.md §10.7.1):
 * readiness turns 503 at once, but for `drainMs` new connections are still accepted and answered
 * (with `Connection: close`), because a proxy or a Kubernetes Service keeps routing to us for a
 * moment after the signal. Then the listener closes, the requests in flight finish, idle sockets
 * close, background work stops and the database closes; exit 0. The forced exit (1) covers the
 * whole sequence: `timeoutMs` from the signal.
 */
export async function listen(app: RequestListener, config: Listening, logger: Logger, hooks: Hooks & Protocol) {
  const { drainMs, timeoutMs } = config.shutdown;
  let stopping = false;
  const handle: RequestListener = (req, res) => {
    // Busy keep-alive sockets survive server.close(): tell them to close after this reply.
    if (stopping) res.setHeader('Connection', 'close');
    app(req, res);
  };
  const server = createServer(
    {
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // The app refuses an HTTP/1.1 request without Host itself, with the site's headers
      // (server/http/request-target.ts): Node's own 400 for it carries none.
      requireHostHeader: false,
    },
    handle,
  )
    .on('checkContinue', hooks.checkContinue(handle))
    // An expectation other than 100-continue is ignored, as RFC 9110 §10.1.1 allows: Node's own 417
    // for it would carry none of the site's headers.
    .on('checkExpectation', handle);
  // Socket inactivity while a request is answered; between requests keepAliveTimeout applies.
  server.timeout = SEND_TIMEOUT_MS;
  const reports = reportCapEvents(logger, config.maxConnections);
  const connections = capConnections(server, config.maxConnections, {
    onRefused: () => {
      hooks.onConnectionRefused?.();
      reports.refused();
    },
    onEvicted: (reason) => {
      hooks.onConnectionEvicted?.(reason);
      reports.evicted(reason);
    },
  });
  server.on('clientError', hooks.clientError(connections.replying));

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(listenFailure(error, config)));
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
    const message = 'encerrando: a prontidão responde 503; novas conexões ainda atendidas';
    logger.info({ signal, drainMs, timeoutMs }, message);

    await sleep(drainMs);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // server.close() closes the sockets idle now; these are the ones that become idle later.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    await Promise.all([closed, hooks.stopWork((deadline - Date.now()) / 2)]);
    clearInterval(closeIdle);
    reports.stop();
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
