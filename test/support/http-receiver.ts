import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** One request as the receiver saw it. */
export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** The answer to give: a body that is not a string is sent as JSON. */
export type Reply = { status: number; body?: unknown; type?: string; headers?: Record<string, string> };

/**
 * A real HTTP server on loopback that records every request and answers with what `answer`
 * returns (it may wait, to hold a request in flight). On `port` if given (a peer that comes back),
 * else a free one. Call it inside a test, which closes it; close() stops it earlier (a peer that goes down).
 */
export async function startReceiver(answer: (request: ReceivedRequest) => Reply | Promise<Reply>, port = 0) {
  const requests: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const received = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(received);
    const { status, body = '', type, headers } = await answer(received);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res
      .writeHead(status, {
        'Content-Type': type ?? (typeof body === 'string' ? 'text/plain' : 'application/json'),
        ...headers,
      })
      .end(text);
  });
  const close = async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  onTestFinished(close);
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close };
}
