import { once } from 'node:events';
import {
  createServer,
  get,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
} from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/**
 * The app on a loopback port until the test ends; resolves with the port, and with what the server
 * read from each connection (headers and body, in bytes), added as each one closes.
 */
export async function serving(app: RequestListener, options: ServerOptions = {}) {
  const server = createServer(options, app).listen(0, '127.0.0.1');
  onTestFinished(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const bytesRead: number[] = [];
  server.on('connection', (socket) => socket.on('close', () => bytesRead.push(socket.bytesRead)));
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, bytesRead };
}

/** The app on a loopback port until the test ends (`options` as server/process/lifecycle.ts sets them); resolves with the port. */
export const listening = async (app: RequestListener, options?: ServerOptions) => (await serving(app, options)).port;

/** A reply with its body as sent: supertest and fetch would decode a compressed one on their own. */
type EncodedReply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** GET over a real socket, the body kept as sent. */
export async function getAsSent(app: RequestListener, path: string, headers: Record<string, string>) {
  const port = await listening(app);
  const [res] = (await once(get({ host: '127.0.0.1', port, path, headers }), 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) } satisfies EncodedReply;
}

export type RawReply = {
  status: number;
  /** Lower-case name → value; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
  /** Every status line received, interim ones (100 Continue) included, in order. */
  statusLines: string[];
};

function parseReply(raw: string): RawReply {
  const statusLines = [...raw.matchAll(/^HTTP\/1\.1 \d{3}[^\r]*/gm)].map((match) => match[0]);
  // The final reply follows any interim ones (1xx), each of which ends with an empty line.
  const final = raw.slice(raw.lastIndexOf(statusLines.at(-1) ?? ''));
  const end = final.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = final.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: final.slice(end + 4), statusLines };
}

/**
 * A raw connection to write by hand, bytes no client library would send. A reset after the
 * server's reply (a server refusing the rest of a body) is not a failure: the reply is kept.
 * A `stalled` one never reads what the server sends: the server's writes fill the buffers and stop.
 */
export function openConnection(port: number, { stalled = false } = {}) {
  const socket = net.connect(port, '127.0.0.1');
  if (stalled) socket.pause();
  onTestFinished(() => void socket.destroy());
  const chunks: Buffer[] = [];
  let failure: Error | undefined;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', (error) => (failure = error));
  // Not events.once: it would reject on the 'error' that precedes a reset's 'close'.
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const received = () => Buffer.concat(chunks).toString('utf8');
  return {
    /** Closes the connection from this side. */
    destroy: () => void socket.destroy(),
    /** Resolves once the bytes are handed to the kernel; never throws (the server may have closed). */
    write: (data: string | Buffer) => new Promise<void>((resolve) => socket.write(data, () => resolve())),
    received,
    /** Whether the server has closed the connection (or reset it). */
    isClosed: () => socket.destroyed || socket.readableEnded,
    /** Resolves with the reply once the server closes the connection; fails after `timeoutMs`. */
    async reply(timeoutMs = 5_000): Promise<RawReply> {
      const timer = setTimeout(() => socket.destroy(new Error(`sem resposta completa em ${timeoutMs} ms`)), timeoutMs);
      await closed;
      clearTimeout(timer);
      if (failure && (chunks.length === 0 || failure.message.startsWith('sem resposta'))) throw failure;
      return parseReply(received());
    },
  };
}

/** Writes `request` as it is and reads until the server closes the connection (send `Connection: close`). */
export async function rawRequest(port: number, request: string | Buffer, timeoutMs = 5_000): Promise<RawReply> {
  const connection = openConnection(port);
  await connection.write(request);
  return connection.reply(timeoutMs);
}
