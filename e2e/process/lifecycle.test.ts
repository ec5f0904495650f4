import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../server/composition/repository';
import { STAMP_FIELD } from '../../shared/contact-form';
import { lead, postInTwoParts, shutdownBegun } from '../../test/support/requests';
import { type RunningServer, startServer } from '../../test/support/server-process';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('graceful shutdown', () => {
  it('answers every request accepted before SIGTERM in full, then exits 0', async () => {
    server = await startServer({
      SHUTDOWN_TIMEOUT_MS: '8000',
      // Both counts off: 25 posts at once would otherwise meet the refused posts' limit while in flight.
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_PER_HOUR: '0',
      RATE_LIMIT_REFUSED_PER_MINUTE: '0',
      RATE_LIMIT_REFUSED_PER_HOUR: '0',
    });
    const inFlight = await Promise.all(Array.from({ length: 25 }, (_, i) => postInTwoParts(server!.url, lead(i))));
    // Pages asked for before the signal, each already answering (its status received) when it comes.
    const pages = await Promise.all(Array.from({ length: 25 }, () => fetch(`${server!.url}/`)));

    server.child.kill('SIGTERM');
    await shutdownBegun(server);
    for (const request of inFlight) request.finish();

    const replies = await Promise.all(inFlight.map((request) => request.reply));
    expect(replies.map((reply) => reply.status)).toEqual(Array(25).fill(201));
    for (const page of pages) {
      expect(page.status).toBe(200);
      // Whole: the page's last element is the form's render stamp (docs/decisions/037-render-stamp.md).
      expect(await page.text()).toMatch(new RegExp(`<input type=hidden name=${STAMP_FIELD} [^<>]*>$`));
    }
    expect(await server.exited).toBe(0);
    expect(server.logs.map((entry) => entry.msg)).toContain('encerrado');

    const repository = openSqlite(server.dataDir);
    expect((await repository.contacts.listContacts(1, 100)).total).toBe(25);
    await repository.close();
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
    expect((await repository.contacts.listContacts(1, 10)).items).toEqual([{ ...sent, ...data, status: 'new' }]);
    await repository.close();
  });
});
