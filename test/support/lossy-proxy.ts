import { once } from 'node:events';
import { createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/**
 * An HTTP forwarder on loopback in front of `target` (http://host:port) that loses the replies of
 * the requests `lose` picks: each reaches the server, which handles it and answers, then the
 * client's connection is reset before a byte of the answer reaches it, as a dropped mobile
 * connection would. Everything else passes through, on a connection of its own: a browser resends
 * a request whose reused connection was reset, and the loss would then go unseen. Call it inside a
 * test, which closes it.
 */
export async function startLossyProxy(target: string, lose: (req: IncomingMessage) => boolean) {
  const upstream = new URL(target);
  let lost = 0;
  const server = createServer((req, res) => {
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (reply) => {
        if (!lose(req)) {
          res.writeHead(reply.statusCode ?? 502, { ...reply.headers, connection: 'close' });
          reply.pipe(res);
          return;
        }
        reply.resume();
        reply.on('end', () => {
          lost++;
          req.socket.resetAndDestroy();
        });
      },
    );
    req.pipe(forwarded);
  });
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lost: () => lost };
}
