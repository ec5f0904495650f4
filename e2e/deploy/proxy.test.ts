import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { siteHeaders } from '../../server/http/security';
import { loadConfig } from '../../server/process/config';
import { applyOverHttp as apply } from '../../test/support/applications';
import { sampleContact } from '../../test/support/leads';
import { cvCarrying } from '../../test/support/pdf';
import { PROXY_CONF_IN_CONTAINER, SHIPPED_PROXY_DIR, startProxy } from '../../test/support/proxy';
import { openConnection, rawRequest } from '../../test/support/raw-http';
import { type RunningServer, startServer } from '../../test/support/server-process';
import { needs } from '../../test/support/tools';
import { eventually, freePort } from '../../test/support/wait';

let replica: RunningServer | undefined;
afterEach(async () => {
  await replica?.stop();
  replica = undefined;
});

/**
 * A replica that passes the proxy's health checks, but reads any other request and then drops the
 * connection without answering; counts what it dropped.
 */
async function droppingReplica() {
  let dropped = 0;
  const server = net.createServer((socket) =>
    // The proxy may reset a health check's connection once it has its answer.
    socket
      .on('error', () => {})
      .once('data', (chunk) => {
        if (chunk.toString('latin1').startsWith('GET /health/ready ')) {
          socket.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
          return;
        }
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

describe('deploy/haproxy/haproxy.cfg in front of the replicas', needs('haproxy'), () => {
  it('passes the client request id on, or makes one, and the replica keeps it', async () => {
    replica = await startServer({ TRUST_PROXY: '1' });
    const proxy = await startProxy({ replicas: [address(replica), address(replica)], port: await freePort() });
    const given = await fetch(`${proxy.url}/health`, { headers: { 'X-Request-Id': 'pedido-123' } });
    expect(given.headers.get('x-request-id')).toBe('pedido-123');
    const made = await fetch(`${proxy.url}/health`);
    expect(made.headers.get('x-request-id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses a body over 16 KB itself, in Portuguese JSON, before the replica reads it', async () => {
    replica = await startServer({ TRUST_PROXY: '1' });
    const proxy = await startProxy({ replicas: [address(replica), address(replica)], port: await freePort() });
    const res = await fetch(`${proxy.url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...sampleContact, message: 'x'.repeat(16 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: 'O conteúdo enviado excede o limite de 16 KB.',
    });
    expect(handled(replica, '/api/contacts')).toEqual([]);
  });

  /** The proxy in front of two replicas that both drop what they read, and how many requests they dropped. */
  const beforeDroppingReplicas = async () => {
    const replicas = [await droppingReplica(), await droppingReplica()];
    const proxy = await startProxy({ replicas: [replicas[0]!.address, replicas[1]!.address], port: await freePort() });
    return { url: proxy.url, dropped: () => replicas[0]!.dropped() + replicas[1]!.dropped() };
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
      code: expect.any(String),
      message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    });
    expect(proxy.dropped()).toBe(1);
  });

  it('retries a connection refused on the other replica, for a POST too, as nothing was sent', async () => {
    replica = await startServer({ TRUST_PROXY: '1' });
    const proxy = await startProxy({ replicas: [await refusing(), address(replica)], port: await freePort() });
    for (let n = 0; n < 4; n++) {
      const res = await fetch(`${proxy.url}/api/contacts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(sampleContact),
      });
      expect(res.status).toBe(201);
    }
  });

  it('answers in Portuguese when no replica answers: a page for pages, JSON for the API', async () => {
    const proxy = await startProxy({ replicas: [await refusing(), await refusing()], port: await freePort() });
    const page = await fetch(`${proxy.url}/`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('Estamos com um problema temporário');
    const api = await fetch(`${proxy.url}/api/contacts`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(503);
    expect((await api.json()).message).toBe('Serviço temporariamente indisponível. Tente novamente em instantes.');
  });

  it('stops sending to a replica once it begins to drain, while it still listens', { timeout: 30_000 }, async () => {
    // A drain long enough that the replica surely still listens when the requests below arrive.
    const draining = await startServer({ TRUST_PROXY: '1', SHUTDOWN_DRAIN_MS: '8000', SHUTDOWN_TIMEOUT_MS: '9000' });
    const other = await startServer({ TRUST_PROXY: '1' });
    replica = other;
    onTestFinished(async () => {
      await draining.stop();
    });
    const proxy = await startProxy({ replicas: [address(draining), address(other)], port: await freePort() });
    const served = (server: RunningServer) => handled(server, '/').length;

    draining.child.kill('SIGTERM');
    await proxy.whenReplica('app1', 'DOWN');
    const before = served(draining);
    for (let n = 0; n < 10; n++) expect((await fetch(`${proxy.url}/`)).status).toBe(200);

    // A replica logs a request just after answering it.
    await expect.poll(() => served(other)).toBe(10);
    expect(served(draining)).toBe(before);
    expect(draining.child.exitCode).toBeNull();
  });

  it('keeps /metrics to the scraper, which reads each replica directly', async () => {
    const proxy = await startProxy({ replicas: [await refusing(), await refusing()], port: await freePort() });
    const res = await fetch(`${proxy.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, code: expect.any(String), message: 'Recurso não encontrado.' });
  });
});

describe('hostile input at the proxy (issue 38)', needs('haproxy'), () => {
  const portOf = (url: string) => Number(new URL(url).port);
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it.each(['/METRICS', '/Metrics', '/metrics/', '/mEtRiCs/'])('keeps %s from the replicas too', async (path) => {
    const proxy = await startProxy({ replicas: [await refusing(), await refusing()], port: await freePort() });
    const res = await fetch(`${proxy.url}${path}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Recurso não encontrado.' });
  });

  it('refuses a body declared over 16 KB from its length, before 100 Continue and before reading it', async () => {
    const proxy = await startProxy({ replicas: [await refusing(), await refusing()], port: await freePort() });
    const connection = openConnection(portOf(proxy.url));
    await connection.write(
      'POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1073741824\r\nExpect: 100-continue\r\n\r\n',
    );
    const reply = await connection.reply();
    expect(reply.statusLines).toEqual(['HTTP/1.1 413 Request Entity Too Large']);
    expect(JSON.parse(reply.body)).toEqual({
      success: false,
      code: 'BODY_TOO_LARGE',
      message: 'O conteúdo enviado excede o limite de 16 KB.',
    });
  });

  it('lets a CV of up to 5 MB reach the application form, and refuses one declared larger from its length', async () => {
    replica = await startServer({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });
    const proxy = await startProxy({ replicas: [address(replica), address(replica)], port: await freePort() });
    const sent = await apply(new URL(proxy.url).href.replace(/\/$/, ''), cvCarrying(Buffer.alloc(1024 * 1024, 7)));
    expect(sent.status).toBe(303);
    const connection = openConnection(portOf(proxy.url));
    await connection.write(
      'POST /trabalhe-conosco/candidatura HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 104857600\r\n\r\n',
    );
    const reply = await connection.reply();
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
  });

  it('lets a delivery’s photos reach the driver’s page, and refuses a body declared past four photos', async () => {
    replica = await startServer({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });
    const proxy = await startProxy({ replicas: [address(replica), address(replica)], port: await freePort() });
    const path = `/motorista/${'A'.repeat(43)}/eventos`;
    // 1 MB of photo in a multipart body: the app answers it (an unknown link), not the proxy's 16 KB.
    const boundary = 'entrega';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fotos"; filename="canhoto.jpg"\r\n`),
      Buffer.from('Content-Type: image/jpeg\r\n\r\n'),
      Buffer.alloc(1024 * 1024, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(`${proxy.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    await res.arrayBuffer();
    expect(res.status).not.toBe(413);
    await expect
      .poll(() =>
        replica!.logs.some((entry) =>
          /^\/motorista\//.test(String((entry.req as { path?: string } | undefined)?.path)),
        ),
      )
      .toBe(true);
    const connection = openConnection(portOf(proxy.url));
    await connection.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\n` +
        'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 104857600\r\n\r\n',
    );
    const reply = await connection.reply();
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'PHOTO_TOO_LARGE' });
  });

  it('answers an unknown HTTP version 505, and forwards none', async () => {
    replica = await startServer({ TRUST_PROXY: '1' });
    const proxy = await startProxy({ replicas: [address(replica), address(replica)], port: await freePort() });
    const reply = await rawRequest(portOf(proxy.url), 'GET / HTTP/9.9\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(reply.status).toBe(505);
    const ok = await rawRequest(portOf(proxy.url), 'GET / HTTP/1.0\r\nHost: localhost\r\n\r\n');
    expect(ok.status).toBe(200);
    await expect.poll(() => handled(replica!, '/').length).toBe(1);
  });

  it('gives its own replies the security headers the app gives its own', async () => {
    const proxy = await startProxy({ replicas: [await refusing(), await refusing()], port: await freePort() });
    const port = portOf(proxy.url);
    const replies = [
      await rawRequest(port, 'GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      await rawRequest(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999\r\nConnection: close\r\n\r\n'),
      await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      await rawRequest(port, 'GET / HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n'),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([404, 413, 503, 505]);
    // The app's own list, as every reply of the app sets it; the CSP alone differs, stricter here:
    // HAProxy's pages load nothing.
    const { 'content-security-policy': _, ...theApps } = Object.fromEntries(siteHeaders());
    for (const { status, headers } of replies) {
      expect({ status, ...headers }).toMatchObject({ status, ...theApps });
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // Dropped from the app's list (Internet Explorer 8 alone read it): not sent here either.
      expect(headers['x-download-options']).toBeUndefined();
    }
  });

  it('replaces a request id the app would not keep, logs it quoted, and the replica logs the same', async () => {
    replica = await startServer({ TRUST_PROXY: '1' });
    const proxy = await startProxy({ replicas: [address(replica), address(replica)], port: await freePort() });
    const forged = 'abc" 503 0 - - ----';
    const res = await fetch(`${proxy.url}/health`, { headers: { 'X-Request-Id': forged } });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    const logged = () => handled(replica!, '/health').map((line) => (line.req as { id: string }).id);
    await expect.poll(logged).toEqual([id]);
    await eventually(() => expect(proxy.log()).toContain(`request_id="${id}"`));
    expect(proxy.log()).not.toContain('abc"');
  });
});

describe('the proxy’s log', needs('haproxy'), () => {
  // Its own log of every request, as the replica's (server/http/secrets-in-logs.http.test.ts): no
  // proposal token from the path, no invitation or setup token from the query, in any letter case.
  it('holds no link’s secret, and names the paths as the replica does', async () => {
    replica = await startServer({ TRUST_PROXY: '1' });
    const proxy = await startProxy({ replicas: [address(replica), address(replica)], port: await freePort() });
    const secret = 'b2Yt4pQ9segredoDoLink_0123456789abcdefghijkl';
    const targets = [
      `/proposta/${secret}`,
      `/PROPOSTA/${secret}/aceitar`,
      `/proposta/${secret}/nada/${secret}`,
      `/entrar/convite?token=${secret}`,
      `/entrar/configurar?token=${secret}`,
    ];
    for (const target of targets) await (await fetch(`${proxy.url}${target}`)).arrayBuffer();
    await eventually(() =>
      expect(proxy.log().match(/"\/(proposta|PROPOSTA|entrar)[^"]*"/g)).toHaveLength(targets.length),
    );
    expect(proxy.log().match(/"\/(proposta|PROPOSTA|entrar)[^"]*"/g)).toEqual([
      '"/proposta/:token"',
      '"/proposta/:token/aceitar"',
      '"/proposta/:token/nada"',
      '"/entrar/convite"',
      '"/entrar/configurar"',
    ]);
    expect(proxy.log()).not.toContain(secret);
    expect(JSON.stringify(replica.logs)).not.toContain(secret);
  });
});

describe('the deploy kit agrees with the app', () => {
  const defaults = loadConfig({}).shutdown;
  const conf = readFileSync(`${SHIPPED_PROXY_DIR}/haproxy.cfg`, 'utf8');
  const setting = (name: string) => Number(new RegExp(`\\b${name} (\\d+)(ms|s)?\\b`).exec(conf)?.[1]);
  const duration = (name: string) => {
    const [, value, unit] = new RegExp(`\\b${name} (\\d+)(ms|s)\\b`).exec(conf)!;
    return Number(value) * (unit === 's' ? 1000 : 1);
  };
  const seconds = (value: string) => Number(/^(\d+)s$/.exec(value)?.[1]) * 1000;
  const compose = parse(readFileSync('deploy/compose.yaml', 'utf8')) as {
    'x-app': { stop_grace_period: string };
    services: { proxy: { volumes: string[] } };
  };

  it('gives a replica longer to stop than its shutdown takes, so a stop never ends in SIGKILL', () => {
    expect(seconds(compose['x-app'].stop_grace_period)).toBeGreaterThan(defaults.timeoutMs);
  });

  it('takes a draining replica out of rotation a second or more before its drain ends, even with slow checks', () => {
    // The check that sees the 503 may start a whole interval after the signal; each further one
    // follows `fastinter` later; each may take up to `timeout check`.
    const fall = setting('fall');
    const worst = duration('inter') + (fall - 1) * duration('fastinter') + fall * duration('timeout check');
    expect(worst + 1000).toBeLessThanOrEqual(defaults.drainMs);
  });

  it('mounts the configuration this suite tests', () => {
    expect(compose.services.proxy.volumes).toContain(
      `./${SHIPPED_PROXY_DIR.replace('deploy/', '')}:${PROXY_CONF_IN_CONTAINER}:ro`,
    );
  });
});
