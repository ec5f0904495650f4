import { request as httpRequest } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../server/db/sqlite';
import { type RunningServer, startServer } from '../test/support/server-process';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

type Answer = { status: number; body: string };

/** A POST whose body arrives in two parts, so the request is in flight until finish(). */
async function postInTwoParts(url: string, payload: object) {
  const body = Buffer.from(JSON.stringify(payload));
  const req = httpRequest(`${url}/api/contacts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
  });
  const reply = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  await new Promise<void>((resolve) => req.write(body.subarray(0, half), () => resolve()));
  return { reply, finish: () => req.end(body.subarray(half)) };
}

/** Resolves once the server has logged the start of its shutdown: the signal was handled, not only sent. */
const shutdownBegun = (server: RunningServer) =>
  expect
    .poll(() => server.logs.some((entry) => typeof entry.msg === 'string' && entry.msg.startsWith('encerrando')), {
      timeout: 5_000,
    })
    .toBe(true);

const lead = (i: number) => ({
  name: `Cliente ${i}`,
  email: `cliente${i}@empresa.com.br`,
  message: `Carga ${i} para Belém`,
});

describe('graceful shutdown', () => {
  it('answers every request accepted before SIGTERM in full, then exits 0', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: '8000', RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });
    const inFlight = await Promise.all(Array.from({ length: 25 }, (_, i) => postInTwoParts(server!.url, lead(i))));
    const pages = Array.from({ length: 25 }, () =>
      fetch(`${server!.url}/`).then(async (res) => ({ status: res.status, body: await res.text() })),
    );
    await delay(300);

    server.child.kill('SIGTERM');
    await shutdownBegun(server);
    for (const request of inFlight) request.finish();

    const replies = await Promise.all(inFlight.map((request) => request.reply));
    expect(replies.map((reply) => reply.status)).toEqual(Array(25).fill(201));
    for (const page of await Promise.all(pages)) {
      expect(page.status).toBe(200);
      expect(page.body).toContain('</html>');
    }
    expect(await server.exited).toBe(0);
    expect(server.logs.map((entry) => entry.msg)).toContain('encerrado');

    const repository = openSqlite(server.dataDir);
    expect((await repository.listContacts(1, 100)).total).toBe(25);
    await repository.close();
  });
});

describe('a second signal', () => {
  it('forces the exit while a request is still in flight', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: '30000' });
    const stuck = await postInTwoParts(server.url, lead(1));
    stuck.reply.catch(() => {});
    await delay(200);
    server.child.kill('SIGTERM');
    await shutdownBegun(server);
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
  });
});

describe('a crash', () => {
  it('keeps a contact acknowledged with 201 before SIGKILL', async () => {
    server = await startServer();
    const sent = {
      name: 'Márcia Ñandú',
      email: 'marcia@empresa.com.br',
      company: 'Frios & Cia 🚚',
      message: 'Linha 1\nLinha 2',
    };
    const res = await fetch(`${server.url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(sent),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string; createdAt: string } };

    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');

    server = await startServer({}, server.dataDir);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const repository = openSqlite(server.dataDir);
    expect((await repository.listContacts(1, 10)).items).toEqual([{ ...sent, ...data }]);
    await repository.close();
  });
});
