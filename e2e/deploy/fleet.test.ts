import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { startFleet } from '../../test/support/fleet';
import { LEADS_TO } from '../../test/support/instance';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { type LoadOutcome, steadyLoad } from '../../test/support/load';
import { lead } from '../../test/support/requests';
import type { RunningServer } from '../../test/support/server-process';
import { notReceipts, startSmtp } from '../../test/support/smtp';
import { needs } from '../../test/support/tools';
import { eventually } from '../../test/support/wait';

/** A POST of a contact through the proxy from `localAddress`, with extra headers. */
function postFrom(url: string, localAddress: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      `${url}/api/contacts`,
      { method: 'POST', agent: false, localAddress, headers: { 'Content-Type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(lead(0)));
  });
}

const failed = (outcomes: LoadOutcome[], expected: number) => outcomes.filter((outcome) => outcome.status !== expected);

/** Resolves once the proxy has passed `replica` a page of the load. */
const servesLoad = (replica: RunningServer) =>
  eventually(
    () => expect(replica.logs.some((entry) => (entry.req as { path?: string } | undefined)?.path === '/')).toBe(true),
    15_000,
  );

// The deploy kit, proven: two replicas of the built server started as the image starts them, on
// PostgreSQL, behind Debian's HAProxy running deploy/haproxy/haproxy.cfg, restarted one after the other
// under load (docs/requirements.md §10.7.1, §10.4).
describe(
  'two replicas behind the proxy, restarted one after the other under load',
  needs('postgres', 'haproxy'),
  () => {
    const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

    it('loses no request, stores and notifies every lead once, and holds the limit across both', {
      timeout: 180_000,
    }, async () => {
      await store.ensure();
      const smtp = await startSmtp();
      const { replicas, proxy, restartInTurn } = await startFleet({
        DATABASE_URL: store.url,
        SMTP_URL: smtp.url,
        LEADS_TO: LEADS_TO.join(','),
        ADMIN_TOKEN,
      });

      const load = steadyLoad(proxy.url);
      await Promise.all(replicas.map(servesLoad));
      await restartInTurn();
      await servesLoad(replicas[1]!);
      const outcomes = await load.stop();

      const pages = outcomes.filter((outcome) => outcome.kind === 'page');
      const leads = outcomes.filter((outcome) => outcome.kind === 'lead');
      console.info(
        `fleet: ${pages.length} GETs, ${leads.length} POSTs, ${leads.filter((outcome) => outcome.attempts > 1).length} POSTs sent again by the client`,
      );
      expect(failed(pages, 200)).toEqual([]);
      expect(failed(leads, 201)).toEqual([]);

      const ids = leads.map((outcome) => outcome.id!);
      const stored = await store.admin.query<{ id: string }>(`SELECT id FROM ${store.schema}.contacts`);
      expect(stored.rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      await eventually(() => expect(notReceipts(smtp.messages)).toHaveLength(ids.length), 60_000);
      const notified = notReceipts(smtp.messages).map((message) => /Identificador: (\S+)/.exec(message.text)?.[1]);
      expect(notified.sort()).toEqual([...ids].sort());
      // A row is marked sent once the mail server has taken the message, a moment after it arrived there.
      await eventually(async () => {
        // The team's notifications; the visitors' receipts go out on a channel of their own.
        const outbox = await store.admin.query<{ status: string }>(
          `SELECT status FROM ${store.schema}.outbox WHERE channel = 'email'`,
        );
        expect(outbox.rows.map((row) => row.status)).toEqual(ids.map(() => 'sent'));
      }, 10_000);

      // The limit (5 a minute, the default) for one client, whichever replica the proxy picks.
      const requestIds = Array.from({ length: 6 }, (_, n) => `limite-${n}`);
      const statuses = [];
      for (const id of requestIds) statuses.push(await postFrom(proxy.url, '127.0.0.2', { 'X-Request-Id': id }));
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const servedBy = (replica: RunningServer) =>
        requestIds.filter((id) => replica.logs.some((entry) => (entry.req as { id?: string } | undefined)?.id === id));
      expect(servedBy(replicas[0]!).length).toBeGreaterThan(0);
      expect(servedBy(replicas[1]!).length).toBeGreaterThan(0);

      // Another client, forging X-Forwarded-For: a new address each time does not reset its count.
      const forged = [];
      for (let n = 0; n < 6; n++)
        forged.push(await postFrom(proxy.url, '127.0.0.3', { 'X-Forwarded-For': `203.0.113.${n}` }));
      expect(forged).toEqual([201, 201, 201, 201, 201, 429]);
    });
  },
);
