import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../server/process/config';
import { sampleContact } from '../test/support/leads';
import { SHIPPED_SITE_CONF, startNginx } from '../test/support/nginx';
import { type RunningServer, startServer } from '../test/support/server-process';
import { freePort } from '../test/support/wait';

let replica: RunningServer | undefined;
afterEach(async () => {
  await replica?.stop();
  replica = undefined;
});

/** A replica that reads a request and then drops the connection without answering; counts them. */
async function droppingReplica() {
  let dropped = 0;
  const server = net.createServer((socket) =>
    socket.once('data', () => {
      dropped++;
      socket.resetAndDestroy();
    }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { address: `127.0.0.1:${(server.address() as AddressInfo).port}`, dropped: () => dropped };
}

const refusing = async () => `127.0.0.1:${await freePort()}`;
const address = (server: RunningServer) => new URL(server.url).host;
const handled = (server: RunningServer, path: string) =>
  server.logs.filter((entry) => (entry.req as { path?: string } | undefined)?.path === path);

describe('deploy/nginx/site.conf in front of the replicas', () => {
  it('passes the client request id on, or makes one, and the replica keeps it', async () => {
    replica = await startServer({ TRUST_PROXY: '1' });
    const nginx = await startNginx({ replicas: [address(replica), address(replica)], port: await freePort() });
    const given = await fetch(`${nginx.url}/health`, { headers: { 'X-Request-Id': 'pedido-123' } });
    expect(given.headers.get('x-request-id')).toBe('pedido-123');
    const made = await fetch(`${nginx.url}/health`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a body over 16 KB itself, in Portuguese JSON, before the replica reads it', async () => {
    replica = await startServer({ TRUST_PROXY: '1' });
    const nginx = await startNginx({ replicas: [address(replica), address(replica)], port: await freePort() });
    const res = await fetch(`${nginx.url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...sampleContact, message: 'x'.repeat(16 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: 'O conteúdo enviado excede o limite de 16 KB.' });
    expect(handled(replica, '/api/contacts')).toEqual([]);
  });

  /** nginx in front of two replicas that both drop what they read, and how many requests they dropped. */
  const beforeDroppingReplicas = async () => {
    const replicas = [await droppingReplica(), await droppingReplica()];
    const nginx = await startNginx({ replicas: [replicas[0]!.address, replicas[1]!.address], port: await freePort() });
    return { url: nginx.url, dropped: () => replicas[0]!.dropped() + replicas[1]!.dropped() };
  };

  it('sends a GET that a replica dropped to the other replica', async () => {
    const proxy = await beforeDroppingReplicas();
    expect((await fetch(`${proxy.url}/`)).status).toBe(503);
    expect(proxy.dropped()).toBe(2);
  });

  it('never sends a POST again once a replica has read it: it may have stored a lead', async () => {
    const proxy = await beforeDroppingReplicas();
    const post = await fetch(`${proxy.url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(sampleContact),
    });
    expect(post.status).toBe(503);
    expect(await post.json()).toEqual({
      success: false,
      message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    });
    expect(proxy.dropped()).toBe(1);
  });

  it('retries a connection refused on the other replica, for a POST too, as nothing was sent', async () => {
    replica = await startServer({ TRUST_PROXY: '1' });
    const nginx = await startNginx({ replicas: [await refusing(), address(replica)], port: await freePort() });
    for (let n = 0; n < 4; n++) {
      const res = await fetch(`${nginx.url}/api/contacts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(sampleContact),
      });
      expect(res.status).toBe(201);
    }
  });

  it('answers in Portuguese when no replica answers: a page for pages, JSON for the API', async () => {
    const nginx = await startNginx({ replicas: [await refusing(), await refusing()], port: await freePort() });
    const page = await fetch(`${nginx.url}/`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('Estamos com um problema temporário');
    const api = await fetch(`${nginx.url}/api/contacts`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(503);
    expect((await api.json()).message).toBe('Serviço temporariamente indisponível. Tente novamente em instantes.');
  });

  it('keeps /metrics to the scraper, which reads each replica directly', async () => {
    const nginx = await startNginx({ replicas: [await refusing(), await refusing()], port: await freePort() });
    const res = await fetch(`${nginx.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'Recurso não encontrado.' });
  });
});

describe('the deploy kit agrees with the app', () => {
  const defaults = loadConfig({}).shutdown;
  const site = readFileSync(SHIPPED_SITE_CONF, 'utf8');
  const seconds = (value: string) => Number(/^(\d+)s$/.exec(value)?.[1]) * 1000;
  const compose = parse(readFileSync('deploy/compose.yaml', 'utf8')) as {
    'x-app': { stop_grace_period: string };
    services: { proxy: { volumes: string[] } };
  };

  it('gives a replica longer to stop than its shutdown takes, so a stop never ends in SIGKILL', () => {
    expect(seconds(compose['x-app'].stop_grace_period)).toBeGreaterThan(defaults.timeoutMs);
  });

  it('lets nginx close its idle connections to a replica before the replica stops draining', () => {
    expect(seconds(/^\s*keepalive_timeout (\d+s);/m.exec(site)![1]!)).toBeLessThan(defaults.drainMs);
  });

  it('mounts the configuration this suite tests', () => {
    expect(compose.services.proxy.volumes).toContain(
      `./${SHIPPED_SITE_CONF.replace('deploy/', '')}:/etc/nginx/conf.d/default.conf:ro`,
    );
  });
});
