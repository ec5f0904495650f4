import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { postgresSchemaForThisFile, quietLogger, TEST_DATABASE_URL, withSchema } from '../../test/support/backends';
import { ADMIN_TOKEN, bearer, sampleQuote } from '../../test/support/leads';
import { needs } from '../../test/support/tools';
import { openPostgres, type Repository } from '../composition/repository';
import { DatabaseUnavailableError } from './database';
import { migrations } from './schema';

const closeAfter: Repository[] = [];
afterEach(async () => {
  await Promise.all(closeAfter.splice(0).map((repository) => repository.close()));
});

/** A TCP hop in front of PostgreSQL that the test can cut and restore, like a failover or a restart. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {}).on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = new URL(target);
  address.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: address.toString(),
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('PostgreSQL start-up', () => {
  it('answers an unreachable server with DatabaseUnavailableError, not a crash', async () => {
    const refused = openPostgres('postgres://postgres@127.0.0.1:1/site', {
      logger: quietLogger,
      connectionTimeoutMs: 1_000,
    });
    await expect(refused).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});

const postgres = TEST_DATABASE_URL ? postgresSchemaForThisFile(TEST_DATABASE_URL) : undefined;

describe('PostgreSQL', needs('postgres'), () => {
  const store = postgres!;

  it('migrates once when several replicas start at the same moment', async () => {
    await store.ensure();
    const replicas = await Promise.all(
      Array.from({ length: 5 }, () => openPostgres(store.url, { logger: quietLogger, max: 2 })),
    );
    closeAfter.push(...replicas);
    const { rows } = await store.admin.query(`SELECT version FROM ${store.schema}.schema_migrations ORDER BY version`);
    expect(rows).toEqual(migrations.map((_, index) => ({ version: index + 1 })));
    await Promise.all(replicas.map((replica) => replica.ping()));
  });

  it('answers 503 while the database is unreachable and recovers by itself when it is back', async () => {
    await store.open();
    const proxy = await cuttableProxy(new URL(store.url));
    try {
      const repository = await openPostgres(withSchema(proxy.url, store.schema), {
        logger: quietLogger,
        connectionTimeoutMs: 1_000,
        statementTimeoutMs: 2_000,
      });
      closeAfter.push(repository);
      const { app } = createTestApp({ repository, adminToken: ADMIN_TOKEN });
      expect((await request(app).post('/api/quotes').send(sampleQuote)).status).toBe(201);

      proxy.cut();
      expect((await request(app).get('/health')).status).toBe(503);
      const refused = await request(app).post('/api/quotes').send(sampleQuote);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        success: false,
        code: expect.any(String),
        message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
      });
      expect((await request(app).get('/api/quotes').set('Authorization', bearer)).status).toBe(503);

      proxy.restore();
      expect((await request(app).get('/health')).status).toBe(200);
      expect((await request(app).post('/api/quotes').send(sampleQuote)).status).toBe(201);
      expect((await request(app).get('/api/quotes').set('Authorization', bearer)).body.pagination.total).toBe(2);
    } finally {
      await proxy.close();
    }
  });
});
