// Stalled CSV exports against a site (issue 38): clients that ask for the export and never read a
// byte, beside admins whose downloads read, while a visitor asks for the landing page. For the
// process and stack tests, which assert on what it returns, and `npm run bench:abuse`, which prints it.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

type Flood = {
  /** The site's address, http://host:port, loopback only. */
  url: string;
  adminToken: string;
  /** Clients that ask for the export and never read. */
  stalled: number;
  /** Clients that download the export whole, again after Retry-After when refused. */
  readers: number;
  /** Called every 100 ms while the flood lasts (the bench samples the server's memory). */
  onTick?: () => void;
};

/** A socket that asks for the export and reads nothing; resolves when the server has closed it. */
function stalledExport(url: URL, adminToken: string) {
  const socket = net.connect(Number(url.port), url.hostname);
  socket.pause();
  socket.on('error', () => {});
  socket.write(
    `GET /api/contacts.csv HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${adminToken}\r\nConnection: close\r\n\r\n`,
  );
  const opened = Date.now();
  // A paused socket does not notice the server's close; a write does. Empty lines before a
  // request are allowed (RFC 9112 §2.2), so the server takes them for nothing.
  const probe = setInterval(() => socket.write('\r\n'), 500);
  return {
    closed: new Promise<number>((resolve) =>
      socket.once('close', () => {
        clearInterval(probe);
        resolve(Date.now() - opened);
      }),
    ),
    destroy: () => socket.destroy(),
  };
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

/** Downloads the export whole; a 503 is tried again after its Retry-After. Resolves with the bytes and the 503s. */
async function readerExport(url: string, adminToken: string, deadline: number) {
  for (let refused = 0; Date.now() < deadline; refused++) {
    const res = await fetch(`${url}/api/contacts.csv`, {
      headers: { Authorization: `Bearer ${adminToken}`, 'Accept-Encoding': 'identity' },
    });
    if (res.status === 503) {
      await res.body?.cancel();
      await sleep(Number(res.headers.get('retry-after')) * 1000);
      continue;
    }
    let bytes = 0;
    for await (const chunk of res.body ?? []) bytes += chunk.length;
    return { status: res.status, bytes, refused };
  }
  throw new Error('a exportação não terminou a tempo');
}

/**
 * Opens the stalled clients first, then the readers, and asks for GET / every 100 ms until every
 * reader is done, or `timeoutMs`. Resolves with each reader's outcome and the landing page's statuses.
 */
export async function exportFlood({ url, adminToken, stalled, readers, onTick }: Flood, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  const stalledClients = Array.from({ length: stalled }, () => stalledExport(new URL(url), adminToken));
  // The stalled clients are in before the first reader asks.
  await sleep(500);
  const pages: number[] = [];
  let done = false;
  const visitor = (async () => {
    while (!done) {
      onTick?.();
      pages.push(
        await fetch(`${url}/`).then(
          (res) => res.arrayBuffer().then(() => res.status),
          () => 0,
        ),
      );
      await sleep(100);
    }
  })();
  const timer = setTimeout(() => {
    for (const client of stalledClients) client.destroy();
  }, timeoutMs);
  try {
    const results = await Promise.all(Array.from({ length: readers }, () => readerExport(url, adminToken, deadline)));
    const closedAfterMs = await Promise.all(stalledClients.map((client) => client.closed));
    return { readers: results, closedAfterMs, pages };
  } finally {
    done = true;
    clearTimeout(timer);
    await visitor;
    for (const client of stalledClients) client.destroy();
  }
}
