import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES } from '../../server/team/limits';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { send, startFleet } from '../../test/support/fleet';
import { setupLinkOf } from '../../test/support/team';
import { needs } from '../../test/support/tools';
import { freePort } from '../../test/support/wait';

// Issue 55, item 6: each replica prints its own setup link while nobody can sign in; used at once,
// on both replicas, many times over, they make exactly one first admin: the setup is claimed once in
// PostgreSQL, whichever replica a post reaches.

describe(
  'the first admin’s setup on two replicas behind the proxy, on PostgreSQL',
  needs('postgres', 'haproxy'),
  () => {
    const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

    it('makes one admin however many posts of both replicas’ links arrive at once', { timeout: 120_000 }, async () => {
      await store.ensure();
      const proxyPort = await freePort();
      const site = `http://localhost:${proxyPort}`;
      const { replicas, proxy } = await startFleet({ DATABASE_URL: store.url, PUBLIC_URL: site }, proxyPort);
      const links = replicas.map((replica) => setupLinkOf(replica.logs));
      expect(new Set(links).size).toBe(2);

      // As many as one address may fail before the sign-in's limit answers 429 (SIGN_IN_FAILURES):
      // every post but the one that wins is a dead link, a failed sign-in.
      const posts = Array.from({ length: SIGN_IN_FAILURES.limit + 1 }, (_, n) =>
        send(proxy.url, site, 'POST', '/entrar/configurar', {
          form: {
            token: new URL(links[n % 2]!).searchParams.get('token')!,
            name: `Pessoa ${n}`,
            email: `admin-${n}@example.com`,
          },
        }),
      );
      const replies = await Promise.all(posts);

      expect(replies.map((reply) => reply.status).sort()).toEqual([
        303,
        ...Array.from({ length: SIGN_IN_FAILURES.limit }, () => 410),
      ]);
      const admins = await store.admin.query(`SELECT email FROM ${store.schema}.members WHERE role = 'admin'`);
      expect(admins.rows).toHaveLength(1);
    });
  },
);
