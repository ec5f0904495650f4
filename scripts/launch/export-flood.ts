// Stalled CSV exports against a site (docs/requirements.md §10.16): clients that ask for the export and never read a
// byte, beside admins whose downloads read, while a visitor asks for the landing page. For the
// process and stack tests, which assert on what it returns, and `npm run bench:abuse`, which prints it.
// Over plain HTTP to a replica, or over HTTPS to the deploy kit's proxy (e2e/deploy/abuse-stack.test.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, type IncomingMessage, request } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import tls from 'node:tls';

/** How an https:// site on 127.0.0.1 is reached: the CA it trusts and the name it asks for (SNI). */
type Tls = { ca: string; servername: string };

type Flood = {
  /** The site's address, http(s)://host:port, loopback only. */
  url: string;
  /** For an https:// url. */
  tls?: Tls;
  adminToken: string;
  /** Clients that ask for the export and never read. */
  stalled: number;
  /** Clients that download the export whole, again after Retry-After when refused. */
  readers: number;
  /** Called every 100 ms while the flood lasts (the bench samples the server's memory). */
  onTick?: () => void;
};

/**
 * A socket that asks for the export and reads nothing, until the flood ends. Whether, and when, the
 * site cut it is in the site's log: through a proxy, the client's own socket stays with the proxy.
 */
function stalledExport(url: URL, adminToken: string, secure?: Tls) {
  const [port, host] = [Number(url.port), url.hostname];
  const socket = secure ? tls.connect({ port, host, ...secure }) : net.connect(port, host);
  socket.pause();
  socket.on('error', () => {});
  const authority = secure ? `${secure.servername}:${port}` : url.host;
  socket.write(
    `GET /api/contacts.csv HTTP/1.1\r\nHost: ${authority}\r\nAuthorization: Bearer ${adminToken}\r\nConnection: close\r\n\r\n`,
  );
  return socket;
}

/**
 * A client far away that takes about `bytesPerS` of the export, a little every 500 ms: Python, as
 * Node cannot shape a socket, with the Internet's segment size (MSS 1460) and an 8 KB receive window.
 * The server then takes a 128 KB batch every few seconds, which no "nothing taken for 15 s" rule
 * ever cuts; on loopback, Node's megabytes of buffers would make it look stalled. Its close is not
 * seen here: the server's log says when it was cut.
 */
export function trickleExport(url: string, adminToken: string, bytesPerS: number) {
  const { hostname, port, host } = new URL(url);
  const request = `GET /api/contacts.csv HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${adminToken}\r\n\r\n`;
  const script = [
    'import socket, sys, time',
    's = socket.socket()',
    's.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 1460)',
    's.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)',
    's.connect((sys.argv[1], int(sys.argv[2])))',
    's.sendall(sys.argv[3].encode())',
    "print('sent', flush=True)",
    'while s.recv(int(sys.argv[4])):',
    '    time.sleep(0.5)',
  ].join('\n');
  const child = spawn('python3', ['-c', script, hostname, port, request, String(bytesPerS / 2)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const sent = new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('error', reject);
  });
  return { sent, stop: () => void child.kill() };
}

/** GET `path` of the site on a kept-alive connection of `agent`; resolves with the response, its body unread. */
const get = (url: string, path: string, agent: Agent, headers: Record<string, string> = {}) =>
  new Promise<IncomingMessage>((resolve, reject) =>
    (url.startsWith('https:') ? httpsRequest : request)(`${url}${path}`, { agent, headers }, resolve)
      .on('error', reject)
      .end(),
  );

/** The response's status, once its body has been read and dropped. */
const drained = async (res: IncomingMessage) => {
  res.resume();
  await once(res, 'end');
  return res.statusCode ?? 0;
};

/**
 * Downloads the export whole; a 503 is tried again after its Retry-After. Resolves with the status, the
 * bytes received, the 503s, and the error that cut the download short, if one did.
 */
async function readerExport(url: string, adminToken: string, agent: Agent, deadline: number) {
  for (let refused = 0; Date.now() < deadline; refused++) {
    const res = await get(url, '/api/contacts.csv', agent, { Authorization: `Bearer ${adminToken}` });
    if (res.statusCode === 503) {
      await drained(res);
      await sleep(Number(res.headers['retry-after'] ?? 1) * 1000);
      continue;
    }
    let bytes = 0;
    try {
      for await (const chunk of res) bytes += (chunk as Buffer).length;
    } catch (error) {
      return { status: res.statusCode, bytes, refused, error: (error as NodeJS.ErrnoException).code ?? String(error) };
    }
    return { status: res.statusCode, bytes, refused };
  }
  throw new Error('a exportação não terminou a tempo');
}

/**
 * Opens the stalled clients first, then the readers, and asks for GET / every 100 ms until every
 * reader is done, or `timeoutMs`; then closes the stalled clients the site has not cut. Resolves with
 * each reader's outcome and the landing page's statuses.
 */
export async function exportFlood({ url, tls, adminToken, stalled, readers, onTick }: Flood, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  const agent = tls ? new HttpsAgent({ keepAlive: true, ...tls }) : new Agent({ keepAlive: true });
  const stalledClients = Array.from({ length: stalled }, () => stalledExport(new URL(url), adminToken, tls));
  // The stalled clients are in before the first reader asks.
  await sleep(500);
  const pages: number[] = [];
  let done = false;
  const visitor = (async () => {
    while (!done) {
      onTick?.();
      pages.push(await get(url, '/', agent).then(drained, () => 0));
      await sleep(100);
    }
  })();
  try {
    const results = await Promise.all(
      Array.from({ length: readers }, () => readerExport(url, adminToken, agent, deadline)),
    );
    return { readers: results, pages };
  } finally {
    done = true;
    await visitor;
    for (const client of stalledClients) client.destroy();
    agent.destroy();
  }
}
