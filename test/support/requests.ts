import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { expect } from 'vitest';
import type { RunningServer } from './server-process';
import { eventually } from './wait';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** Sends `req` with `body` and collects the reply; rejects on a connection error (reset, refused). */
function answerOf(req: ReturnType<typeof httpRequest>) {
  return new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A POST of a contact whose body arrives in two parts, so the request is in flight until finish(). */
export async function postInTwoParts(url: string, payload: object) {
  const body = Buffer.from(JSON.stringify(payload));
  const req = httpRequest(`${url}/api/contacts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
  });
  const reply = answerOf(req);
  const half = Math.floor(body.length / 2);
  await new Promise<void>((resolve) => req.write(body.subarray(0, half), () => resolve()));
  return { reply, finish: () => req.end(body.subarray(half)) };
}

/** A GET on a connection of its own, as a client that a proxy or a Service has just routed to us. */
export function getOnNewConnection(url: string) {
  const req = httpRequest(url, { agent: false });
  const reply = answerOf(req);
  req.end();
  return reply;
}

/** Resolves once the server has logged the start of its shutdown: the signal was handled, not only sent. */
export const shutdownBegun = (server: Pick<RunningServer, 'logs'>) =>
  expect
    .poll(() => server.logs.some((entry) => typeof entry.msg === 'string' && entry.msg.startsWith('encerrando')), {
      timeout: 5_000,
    })
    .toBe(true);

/** Resolves once the server at `url` refuses new connections: its drain is over, its listener closed. */
export const listenerClosed = (url: string) =>
  eventually(
    () =>
      new Promise<void>((resolve, reject) => {
        const { hostname, port } = new URL(url);
        net
          .connect(Number(port), hostname)
          .on('connect', function (this: net.Socket) {
            this.destroy();
            reject(new Error('o servidor ainda aceita conexões'));
          })
          .on('error', () => resolve());
      }),
    10_000,
  );

export const lead = (i: number) => ({
  name: `Cliente ${i}`,
  email: `cliente${i}@empresa.com.br`,
  message: `Carga ${i} para Belém`,
});
