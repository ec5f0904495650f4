import { Agent, request } from 'node:http';
import net from 'node:net';
import { onTestFinished } from 'vitest';

// Clients that hold a server's connections as a slowloris does, and the visitor timed beside them
// (e2e/process/connections.test.ts). Every socket goes to 127.0.0.1 and is closed when the test ends.

/** The first line and half a header of a request, never ended (a slowloris: docs/requirements.md §10.20). */
const HALF_A_REQUEST = 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Lento: ';

type Flood = {
  /** Resolves once every socket has connected or been closed. */
  settled: Promise<void>;
  /** How many the server still holds open. */
  open: () => number;
  /** How many the server closed before a byte of reply. */
  closedUnanswered: () => number;
};

/** Opens `count` sockets at once and settles when each has connected or been closed. */
function flood(port: number, count: number, onConnect: (socket: net.Socket, replied: () => boolean) => void): Flood {
  const sockets: net.Socket[] = [];
  let unanswered = 0;
  let settled = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => (done = resolve));
  const settle = () => ++settled === count && done();
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1');
    let replied = false;
    let connected = false;
    socket.setNoDelay(true);
    socket.on('error', () => {});
    socket.on('data', () => (replied = true));
    socket.on('connect', () => {
      connected = true;
      onConnect(socket, () => replied);
      settle();
    });
    socket.on('close', () => {
      if (!replied) unanswered++;
      if (!connected) settle();
    });
    sockets.push(socket);
  }
  onTestFinished(() => {
    for (const socket of sockets) socket.destroy();
  });
  return {
    settled: all,
    open: () => sockets.filter((socket) => !socket.destroyed && !socket.readableEnded).length,
    closedUnanswered: () => unanswered,
  };
}

/** `count` sockets that each send half a request, then one more byte a second, never ending their headers. */
export function trickling(port: number, count: number) {
  const connected = new Set<net.Socket>();
  const drip = setInterval(() => {
    for (const socket of connected) socket.write('a');
  }, 1_000);
  onTestFinished(() => clearInterval(drip));
  return flood(port, count, (socket) => {
    socket.write(HALF_A_REQUEST);
    connected.add(socket);
    socket.on('close', () => connected.delete(socket));
  });
}

/**
 * `count` sockets that each send half a request and then nothing, each reopened as soon as the server
 * closes it (the attacker who keeps every place it holds young), until `ms` have passed or
 * `maxOpened` sockets have been opened in all; then every one still open is closed.
 */
export function reopening(port: number, count: number, { ms, maxOpened }: { ms: number; maxOpened: number }) {
  const sockets = new Set<net.Socket>();
  let opened = 0;
  let stopped = false;
  const open = () => {
    if (stopped || opened >= maxOpened) return;
    opened++;
    const socket = net.connect(port, '127.0.0.1');
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('error', () => {});
    socket.on('connect', () => socket.write(HALF_A_REQUEST));
    socket.on('close', () => {
      sockets.delete(socket);
      open();
    });
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const socket of sockets) socket.destroy();
  };
  const timer = setTimeout(stop, ms);
  onTestFinished(stop);
  for (let i = 0; i < count; i++) open();
  return {
    /** How many sockets it has opened so far, the first `count` included. */
    opened: () => opened,
    /** Whether it is still reopening what the server closes. */
    running: () => !stopped && opened < maxOpened,
  };
}

/**
 * `count` kept-alive sockets that each ask for /health once and then say nothing; `answered`
 * resolves once each has had its reply or been closed.
 */
export function leftIdle(port: number, count: number) {
  let answered = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => (done = resolve));
  const answer = () => ++answered === count && done();
  const sockets = flood(port, count, (socket) => {
    socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    socket.once('data', answer);
    socket.once('close', () => socket.bytesRead === 0 && answer());
  });
  return { ...sockets, answered: all };
}

export type Visit = { status: number; ms: number; error?: string };

/** GET /health through `agent` (a kept-alive connection), or on a new connection; never rejects. */
export const visit = (port: number, agent: Agent | false) =>
  new Promise<Visit>((resolve) => {
    const started = performance.now();
    const done = (status: number, error?: string) =>
      resolve({ status, ms: Math.round(performance.now() - started), ...(error && { error }) });
    request({ port, host: '127.0.0.1', path: '/health', agent, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    })
      .on('timeout', function (this: ReturnType<typeof request>) {
        this.destroy(new Error('timeout'));
      })
      .on('error', (error: NodeJS.ErrnoException) => done(0, error.code ?? error.message))
      .end();
  });

/** A visitor's kept-alive connection, closed when the test ends. */
export function keptAlive() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  onTestFinished(() => agent.destroy());
  return agent;
}
