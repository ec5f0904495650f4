import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startProxy } from '../../test/support/proxy';
import { selfSigned } from '../../test/support/tls';
import { needs } from '../../test/support/tools';
import { freePort } from '../../test/support/wait';

// deploy/haproxy/haproxy.cfg's HTTPS, as compose runs it (TLS_CERTIFICATE set), in Debian's HAProxy on
// loopback with a certificate made here: what visitors and the replicas each get, and a testssl.sh scan.
// Obtaining and renewing the certificate over ACME is e2e/deploy/stack.test.ts's (Pebble, in Docker).

const DOMAIN = 'site.test';
const folder = mkdtempSync(path.join(tmpdir(), 'site-tls-'));
const certificate = path.join(folder, 'site.pem');
// Made by the first test that asks: where openssl is missing the tests are skipped, not the file broken.
let ca = '';
const makeCertificate = () => {
  if (ca) return;
  const made = selfSigned(folder, DOMAIN);
  writeFileSync(certificate, made.pem);
  ca = made.certificate;
};

/** A replica that answers 200 and notes the HTTP version and headers each page request (not a check) came with. */
async function recordingReplica() {
  const seen: { httpVersion: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/') seen.push({ httpVersion: req.httpVersion, headers: req.headers });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { address: `127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function httpsProxy(replica: string) {
  makeCertificate();
  const tls = { port: await freePort(), certificate };
  await startProxy({ replicas: [replica, replica], port: await freePort(), tls });
  return tls.port;
}

/** testssl.sh's findings (its JSON) for the proxy on `port`: protocols, cipher categories, preferences, vulnerabilities. */
async function testssl(port: number) {
  const json = path.join(folder, `testssl-${port}.json`);
  const options = ['--quiet', '--color', '0', '--warnings', 'off', '--nodns', 'min', '--jsonfile', json];
  const checks = ['--protocols', '--std', '--server-preference', '--vulnerable'];
  const target = [
    '--add-ca',
    path.join(folder, `${DOMAIN}-cert.pem`),
    '--ip',
    '127.0.0.1',
    `https://${DOMAIN}:${port}`,
  ];
  // Its exit status may count what it found: the findings themselves are read from the JSON.
  await promisify(execFile)('testssl', [...options, ...checks, ...target], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: unknown) => {
      if (!existsSync(json)) throw error;
    },
  );
  return JSON.parse(readFileSync(json, 'utf8')) as { id: string; severity: string; finding: string }[];
}

describe('deploy/haproxy/haproxy.cfg over HTTPS', needs('haproxy', 'openssl'), () => {
  it('speaks HTTP/2 to visitors who offer it and HTTP/1.1 to the replicas, saying the request came over HTTPS', async () => {
    const replica = await recordingReplica();
    const port = await httpsProxy(replica.address);
    const session = connect(`https://${DOMAIN}:${port}`, { ca, host: '127.0.0.1', servername: DOMAIN });
    onTestFinished(() => void session.close());
    const status = await new Promise<number>((resolve, reject) => {
      const stream = session.request({ ':path': '/' });
      stream.on('response', (headers) => resolve(Number(headers[':status'])));
      stream.on('error', reject);
      stream.resume();
    });
    expect(session.alpnProtocol).toBe('h2');
    expect(status).toBe(200);
    expect(replica.seen.map(({ httpVersion }) => httpVersion)).toEqual(['1.1']);
    expect(replica.seen[0]!.headers['x-forwarded-proto']).toBe('https');
  });

  it('passes a testssl.sh scan: TLS 1.2 and 1.3 only, no weak cipher, no vulnerability', {
    timeout: 1_500_000,
    ...needs('testssl'),
  }, async () => {
    const port = await httpsProxy(`127.0.0.1:${await freePort()}`);
    const start = performance.now();
    const findings = await testssl(port);
    const finding = (id: string) => findings.find((entry) => entry.id === id)?.finding;
    const protocols = ['SSLv2', 'SSLv3', 'TLS1', 'TLS1_1', 'TLS1_2', 'TLS1_3'].map((id) => `${id} ${finding(id)}`);
    const severities = Object.groupBy(findings, ({ severity }) => severity);
    console.info(
      `tls: testssl.sh in ${((performance.now() - start) / 1000).toFixed(0)} s: ${protocols.join(', ')}; ` +
        `ALPN ${finding('ALPN_HTTP2')}; ` +
        Object.entries(severities)
          .map(([severity, entries]) => `${entries!.length} ${severity}`)
          .join(', '),
    );
    for (const id of ['SSLv2', 'SSLv3', 'TLS1', 'TLS1_1']) expect(finding(id), id).toMatch(/^not offered/);
    for (const id of ['TLS1_2', 'TLS1_3']) expect(finding(id), id).toMatch(/^offered/);
    expect(finding('ALPN_HTTP2')).toMatch(/h2/);
    // Nothing rated worse than low: no weak cipher category offered, no vulnerability found.
    const serious = findings.filter(({ severity }) => ['MEDIUM', 'HIGH', 'CRITICAL'].includes(severity));
    expect(serious).toEqual([]);
    for (const id of [
      'cipherlist_NULL',
      'cipherlist_aNULL',
      'cipherlist_EXPORT',
      'cipherlist_LOW',
      'cipherlist_3DES_IDEA',
    ])
      expect(finding(id), id).toMatch(/^not offered/);
  });
});
