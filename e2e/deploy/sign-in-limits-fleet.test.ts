import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { send, startFleet } from '../../test/support/fleet';
import { needs } from '../../test/support/tools';
import { freePort } from '../../test/support/wait';

// Issue 55, item 2: on PostgreSQL the sign-in's limits were read before an attempt and counted
// after it, so a burst of wrong codes landing on two replicas at once was judged far past them.
// Each limit now reserves its slot before the attempt (docs/decisions/044-sign-in-limits.md).
// HAProxy puts the client's address in X-Forwarded-For and the replicas trust one hop, as shipped:
// a client is a loopback address the test connects from.

const MEMBER = 'bruno@rotanorte.com.br';

/** A line of the audit record for a failed sign-in, with how long the account's rule held it. */
type FailedLine = { request_id: string; detail: { espera?: number } | null };

describe(
  'the sign-in’s limits across two replicas behind the proxy, on PostgreSQL',
  needs('postgres', 'haproxy'),
  () => {
    const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

    it('judges no more wrong codes than the limits allow, however many arrive at once', {
      timeout: 300_000,
    }, async () => {
      await store.ensure();
      const proxyPort = await freePort();
      const site = `http://localhost:${proxyPort}`;
      const { proxy } = await startFleet({ DATABASE_URL: store.url, PUBLIC_URL: site }, proxyPort);
      await store.admin.query(
        `INSERT INTO ${store.schema}.members (id, email, name, role, created_at) VALUES ($1, $2, 'Bruno', 'vendas', now())`,
        [randomUUID(), MEMBER],
      );

      /** Sends the wrong codes at once; each reply's status and time by its request id. */
      const burst = async (tries: { from: string; email: string; id: string }[]) => {
        const started = performance.now();
        const replies = await Promise.all(
          tries.map(async ({ from, email, id }) => {
            const reply = await send(proxy.url, site, 'POST', '/entrar/codigo/confirmar', {
              form: { email, code: '000000' },
              from,
              id,
            });
            return [id, { status: reply.status, ms: performance.now() - started }] as const;
          }),
        );
        return new Map(replies);
      };
      const failedLines = async (ids: string[]) =>
        (
          await store.admin.query<FailedLine>(
            `SELECT request_id, detail FROM ${store.schema}.audit_log WHERE action = 'signin.failed' AND request_id = ANY($1)`,
            [ids],
          )
        ).rows;

      // One address, a different account each time: the address's 20 failures in 15 minutes bind.
      for (const [size, from] of [
        [80, '127.0.0.2'],
        [300, '127.0.0.3'],
      ] as const) {
        const tries = Array.from({ length: size }, (_, n) => ({
          from,
          email: n === 0 ? MEMBER : `pessoa${n}-${size}@empresa.com.br`,
          id: `rajada-${size}-${n}`,
        }));
        const replies = await burst(tries);
        const statuses = [...replies.values()].map(({ status }) => status);
        const judged = statuses.filter((status) => status !== 429).length;
        const lines = await failedLines(tries.map(({ id }) => id));
        console.info(
          `${size} wrong codes at once from one address: ${judged} judged (${lines.length} signin.failed lines), ` +
            `${size - judged} answered 429; the limit is 20`,
        );
        expect.soft(new Set(statuses)).toEqual(new Set([400, 429]));
        expect.soft(judged).toBeLessThanOrEqual(20);
        expect.soft(lines.length).toBe(judged);
      }

      // One account from 40 addresses: its rule never refuses (that would lock the member out), it
      // holds every attempt past its 10th for a growing time before judging it.
      const tries = Array.from({ length: 40 }, (_, n) => ({
        from: `127.0.1.${n + 1}`,
        email: MEMBER,
        id: `conta-${n}`,
      }));
      const replies = await burst(tries);
      const lines = await failedLines(tries.map(({ id }) => id));
      const held = lines.filter((line) => (line.detail?.espera ?? 0) > 0);
      const heldTooShort = held.filter((line) => replies.get(line.request_id)!.ms < line.detail!.espera! * 1000);
      console.info(
        `40 wrong codes at once for one account from 40 addresses: ${lines.length} judged, ` +
          `${lines.length - held.length} at once (the rule allows 10), ${held.length} held ` +
          `${Math.min(...held.map((line) => line.detail!.espera!))}–${Math.max(...held.map((line) => line.detail!.espera!))} s`,
      );
      expect.soft([...replies.values()].map(({ status }) => status)).toEqual(Array(40).fill(400));
      expect.soft(lines.length - held.length).toBeLessThanOrEqual(10);
      expect.soft(heldTooShort).toEqual([]);
    });
  },
);
