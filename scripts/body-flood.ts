// `npm run build && npx tsx scripts/body-flood.ts`: clients that try to push huge bodies into the
// built server (declared 1 GB, or chunked without end), as fast as loopback allows, while the
// server's memory is sampled. Prints how much the server read (its rchar in /proc, every byte
// it took from a socket or file) and its RSS. A client still writing when the server closes may
// get a reset before it reads the 413: the price of not reading the rest of its body.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { serveBuilt } from './serve-built';

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 10);
const CLIENTS = 20;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const readMb = (pid: number) => Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]) / 1024 ** 2;

const HEADS = {
  declared: `Content-Type: application/json\r\nContent-Length: ${1024 ** 3}`,
  chunked: 'Content-Type: application/json\r\nTransfer-Encoding: chunked',
};
type Kind = keyof typeof HEADS;

const CHUNKED = Buffer.concat([Buffer.from('10000\r\n'), CHUNK, Buffer.from('\r\n')]);

/** One connection: the request head, then body bytes until the server closes. Resolves with its status line. */
function flood(port: number, kind: Kind, deadline: number) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let status = '';
    socket.on('data', (data) => (status ||= String(data).split('\r\n')[0]!));
    socket.on('error', () => {});
    socket.on('close', () => resolve(status));
    const pump = () => {
      while (!socket.destroyed && Date.now() < deadline) {
        if (!socket.write(kind === 'chunked' ? CHUNKED : CHUNK)) return void socket.once('drain', pump);
      }
      socket.destroy();
    };
    socket.write(`POST /api/contacts HTTP/1.1\r\nHost: localhost\r\n${HEADS[kind]}\r\n\r\n`, pump);
  });
}

const server = await serveBuilt({
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_PER_HOUR: '0',
  RATE_LIMIT_REFUSED_PER_MINUTE: '0',
  RATE_LIMIT_REFUSED_PER_HOUR: '0',
});
const port = Number(new URL(server.url).port);
const pid = server.child.pid!;
try {
  for (const kind of ['declared', 'chunked'] as const) {
    const before = rssMb(pid);
    const readBefore = readMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const deadline = Date.now() + SECONDS * 1000;
    const results: string[] = [];
    // Each client reconnects as soon as the server closes on it, until the time is up.
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < deadline) results.push(await flood(port, kind, deadline));
      }),
    );
    clearInterval(sampler);
    const answered = results.filter((status) => status.startsWith('HTTP/1.1 413 ')).length;
    const read = readMb(pid) - readBefore;
    console.log(
      `${kind.padEnd(8)} ${results.length} tentativas em ${SECONDS} s (${CLIENTS} clientes), ${answered} com o 413 lido; o servidor leu ` +
        `${read.toFixed(0)} MB (${((read * 1024) / results.length).toFixed(0)} KB por tentativa); ` +
        `RSS ${before.toFixed(0)} → pico ${peak.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB`,
    );
  }
} finally {
  server.stop();
}
