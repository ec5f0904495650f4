import { randomBytes, X509Certificate } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { mailedLeadAddresses, postedLeadIds, storedOnce } from '../../test/support/deliveries';
import { docker } from '../../test/support/docker';
import { type VisitOutcome, visitorLoad } from '../../test/support/load';
import { MINICA, PEBBLE_CONFIG, PEBBLE_DIRECTORY, pebbleRoot } from '../../test/support/pebble';
import { whenReplica } from '../../test/support/proxy';
import { deployKit } from '../../test/support/stack';
import { curlHead as curlAs, selfSigned, servedCertificate } from '../../test/support/tls';
import { needs } from '../../test/support/tools';
import { eventually } from '../../test/support/wait';

// The deploy kit for real: the image built from the unchanged Dockerfile, deploy/compose.yaml
// brought up as an ops engineer would (cp .env.example .env, a domain, an e-mail, two secrets), its
// certificate obtained from a real ACME server (Pebble, Let's Encrypt's test CA) and renewed, and
// replicas replaced one after the other under load over HTTPS (docs/requirements.md §10.7.1). The
// load reaches the stack only through ports published on 127.0.0.1.

const engine = needs('docker', 'openssl', 'curl');

const ROUNDS = 5;
const REPLICAS = ['app1', 'app2'] as const;
/** The site's name: the proxy's alias on the stack's network, where Pebble looks it up. */
const DOMAIN = 'site.test';
const kit = deployKit('site-e2e');
const { project, image, dir, compose, published, publishedPort, psql, noteVolumes, volumes } = kit;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const addressOf = async (container: string) =>
  (await docker(['inspect', '-f', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', container])).trim();
const proxyLog = async () => compose('logs', '--no-log-prefix', 'proxy');
/** Resolves once `container` has answered a page or a post of the load (its access log says so). */
const servesLoad = (container: string) =>
  eventually(async () => {
    const lines = (await docker(['logs', container])).split('\n').filter((line) => line.startsWith('{'));
    const answered = lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { path?: string } })
      .filter(({ msg, req }) => msg === 'requisição atendida' && !req?.path?.startsWith('/health'));
    expect(answered.length).toBeGreaterThan(0);
  }, 30_000);

// What the test adds to the kit, in compose.override.yaml (which compose reads beside compose.yaml):
// the image it built, ports on 127.0.0.1 chosen by Docker, a webhook receiver, a mail catcher that
// keeps every message, and Pebble as the CA: certbot trusts its API's certificate, and Pebble
// validates the HTTP-01 challenge on port 80 of the name DOMAIN, the proxy's alias.
const override = `services:
  app1: { image: ${image} }
  app2: { image: ${image} }
  proxy:
    ports: !override ["127.0.0.1::80", "127.0.0.1::443"]
    networks: { default: { aliases: ["${DOMAIN}"] } }
  certificates:
    environment: { REQUESTS_CA_BUNDLE: /pebble/pebble.minica.pem }
    volumes: ["pebble:/pebble:ro"]
    depends_on: { pebble: { condition: service_started } }
  pebble:
    image: letsencrypt/pebble:v2.4.0
    command: ["-config", "/pebble-config.json"]
    environment: { PEBBLE_VA_NOSLEEP: "1", PEBBLE_WFE_NONCEREJECT: "0" }
    volumes: ["./pebble-config.json:/pebble-config.json:ro", "pebble:/test/certs"]
    ports: ["127.0.0.1::15000"]
  mail:
    ports: !override ["127.0.0.1::8025"]
    environment: { MP_MAX_MESSAGES: "0" }
  hooks:
    image: node:24-slim
    command: ["node", "/webhook-sink.mjs"]
    volumes: ["./webhook-sink.mjs:/webhook-sink.mjs:ro"]
    ports: ["127.0.0.1::8080"]
volumes:
  pebble:
`;
/** Pebble's root (made anew each time Pebble starts), the stack's ports, once the stack is up. */
const https = { root: '', rootFile: path.join(dir, '..', 'pebble-root.pem'), port: 0, plainPort: 0 };
const served = () => servedCertificate({ port: https.port, servername: DOMAIN, ca: https.root });
const site = () => `https://127.0.0.1:${https.port}`;
const asVisitor = () => ({ ca: https.root, servername: DOMAIN });
/** curl to DOMAIN on the proxy's published port, trusting Pebble's root alone; the reply's head. */
const curlHead = (url: string, ...args: string[]) => curlAs(DOMAIN, https.rootFile, url, ...args);

const fillers: string[] = [];
const removeAll = async () => {
  for (const filler of fillers.splice(0)) await docker(['rm', '-f', filler]);
  await kit.down();
};
afterAll(async () => {
  if (engine.skip) return;
  await removeAll().catch(() => {});
  await kit.removeImage().catch(() => {});
}, 120_000);

describe('the deploy kit in Docker', engine, () => {
  it('builds the image from the Dockerfile as it is, whose Node runs the built server as "node"', {
    timeout: 900_000,
  }, async () => {
    const start = performance.now();
    await kit.build();
    const size = Number(await docker(['image', 'inspect', '-f', '{{.Size}}', image]));
    expect(size).toBeGreaterThan(0);
    console.info(`stack: image built in ${seconds(start)}, ${(size / 1e6).toFixed(0)} MB`);

    // What every later test runs: the image's own Node, as its unprivileged user, on a read-only root,
    // with the built server in place.
    const probe = 'console.log(process.version, process.getuid(), fs.statSync("dist/server/index.js").isFile())';
    const answer = await docker(['run', '--rm', '--read-only', image, 'node', '-e', probe]);
    expect(answer.trim()).toMatch(/^v24\.\d+\.\d+ 1000 true$/);
  });

  it('runs alone as the kit runs it, on a read-only root: healthy within seconds, stopped with 0', {
    timeout: 120_000,
  }, async () => {
    const name = `${project}-alone`;
    const start = performance.now();
    await docker([
      'run',
      '-d',
      '--name',
      name,
      '--read-only',
      '-e',
      `ADMIN_TOKEN=${randomBytes(32).toString('hex')}`,
      image,
    ]);
    try {
      await eventually(async () => {
        expect((await docker(['inspect', '-f', '{{.State.Health.Status}}', name])).trim()).toBe('healthy');
      }, 60_000);
      const healthy = seconds(start);
      const stopping = performance.now();
      await docker(['stop', name]);
      const stopped = seconds(stopping);
      expect((await docker(['inspect', '-f', '{{.State.ExitCode}}', name])).trim()).toBe('0');
      console.info(`stack: one container healthy ${healthy} after docker run, stopped in ${stopped} with exit 0`);
    } finally {
      await docker(['rm', '-f', '-v', name]);
    }
  });

  it('comes up with `docker compose up --wait` from .env.example and two secrets', { timeout: 300_000 }, async () => {
    // The test's own: its CA, a webhook receiver, and no rate limit, as every client of the load
    // reaches the proxy through Docker's port forwarding, from one address.
    const variables = {
      ACME_DIRECTORY: PEBBLE_DIRECTORY,
      WEBHOOK_URL: 'http://hooks:8080/leads',
      WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_PER_HOUR: '0',
      RATE_LIMIT_REFUSED_PER_MINUTE: '0',
      RATE_LIMIT_REFUSED_PER_HOUR: '0',
    };
    const files = {
      'webhook-sink.mjs': readFileSync('test/support/webhook-sink.mjs', 'utf8'),
      'pebble-config.json': PEBBLE_CONFIG,
    };
    const start = performance.now();
    await kit.up({ domain: DOMAIN, variables, override, files });
    console.info(`stack: compose up --wait in ${seconds(start)}`);
    https.port = await publishedPort('proxy', 443);
    https.plainPort = await publishedPort('proxy', 80);

    // Pebble's root, from its management API (served under the stand-in's own test CA).
    const minica = path.join(dir, '..', 'pebble-minica.pem');
    await compose('cp', `pebble:${MINICA}`, minica);
    https.root = await pebbleRoot(await publishedPort('pebble', 15000), minica, https.rootFile);
    const issued = await eventually(async () => {
      const certificate = await served();
      expect(certificate.authorized).toBe(true);
      return certificate;
    }, 180_000);
    const certbot = /certbot took ([\d.]+ s)/.exec(await compose('logs', '--no-log-prefix', 'certificates'))?.[1];
    console.info(
      `stack: Pebble's certificate served ${seconds(start)} after compose up began (certbot ${certbot}), ` +
        `serial ${issued.serial}, valid ${issued.validFrom} to ${issued.validTo}`,
    );
  });

  it('answers HTTPS over HTTP/2 with HSTS, and plain HTTP with a 308 except for the ACME challenge', {
    timeout: 60_000,
  }, async () => {
    const secure = await curlHead(
      `https://${DOMAIN}:${https.port}/`,
      '--http2',
      '--write-out',
      'version=%{http_version}',
    );
    expect(secure).toMatch(/^HTTP\/2 200/);
    expect(secure).toMatch(/^strict-transport-security: max-age=31536000; includeSubDomains\r?$/m);
    expect(secure).toContain('version=2');
    // A POST keeps its method and body through a 308, where a 301 lets clients turn it into a GET.
    const plain = await curlHead(`http://${DOMAIN}:${https.plainPort}/api/contacts?x=1`, '--request', 'POST');
    expect(plain).toMatch(/^HTTP\/1\.1 308/);
    // The same host (here with the test's port, which a visitor on port 80 does not send), over HTTPS.
    expect(plain).toMatch(new RegExp(`^location: https://site\\.test:${https.plainPort}/api/contacts\\?x=1\r?$`, 'im'));
    expect(plain).not.toMatch(/strict-transport-security/i);
    // The CA's challenge is answered over plain HTTP (here: no challenge pending, a 404).
    const challenge = await curlHead(`http://${DOMAIN}:${https.plainPort}/.well-known/acme-challenge/nada`);
    expect(challenge).toMatch(/^HTTP\/1\.1 404/);
  });

  it(`loses no request through ${ROUNDS} rolling restarts under load, and each lead is stored, mailed and posted once`, {
    timeout: 900_000,
  }, async () => {
    const load = visitorLoad(site(), project, asVisitor());
    let restarts = 0;
    let moved: { from: string; to: string; container: string } | undefined;
    const start = performance.now();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const replica of REPLICAS) {
        const container = (await compose('ps', '-q', replica)).trim();
        const relocated = round === 3 && replica === 'app1';
        if (relocated) {
          // Recreated at a new address: a container takes the old one while the replica is away.
          const from = await addressOf(container);
          await compose('stop', replica);
          await noteVolumes();
          await compose('rm', '-f', replica);
          const filler = `${project}-filler`;
          fillers.push(filler);
          await docker([
            'run',
            '-d',
            '--name',
            filler,
            '--network',
            `${project}_default`,
            'node:24-slim',
            'sleep',
            '900',
          ]);
          await compose('up', '-d', '--no-deps', '--wait', '--no-build', replica);
          const recreated = (await compose('ps', '-q', replica)).trim();
          moved = { from, to: await addressOf(recreated), container: recreated };
        } else {
          await compose('up', '-d', '--no-deps', '--wait', '--no-build', '--force-recreate', replica);
        }
        await noteVolumes();
        restarts++;
        // The next replica goes down only once the proxy sends to this one again.
        await whenReplica(proxyLog, replica, 'UP');
        // At its new address, the recreated replica answers the load, not only the proxy's checks.
        if (relocated) await servesLoad(moved!.container);
      }
    }
    const answered = load.count();
    const outcomes = await load.stop();
    console.info(
      `stack: ${restarts} replica restarts (${ROUNDS} rolling restarts) over HTTPS in ${seconds(start)}, ` +
        `${answered} requests`,
    );

    const failed = outcomes.filter(({ kind, status }) => status !== { page: 200, json: 201, form: 303 }[kind]);
    const count = (kind: VisitOutcome['kind']) => outcomes.filter((outcome) => outcome.kind === kind).length;
    console.info(
      `stack: ${count('page')} page GETs, ${count('json')} JSON posts, ${count('form')} form posts, ${failed.length} failed`,
    );
    expect(failed).toEqual([]);

    // The replica recreated at a new address was found there (servesLoad above).
    expect(moved!.to).not.toBe(moved!.from);

    // Each lead of the load has an address of its own.
    const { ids, addresses } = storedOnce(outcomes, await psql('SELECT email, id FROM contacts'));
    expect((await mailedLeadAddresses(await published('mail', 8025), ids.length)).sort()).toEqual(addresses);
    expect((await postedLeadIds(await published('hooks', 8080), ids.length)).sort()).toEqual(ids);
  });

  it('takes up a renewed certificate under load: no request lost, each lead stored once', {
    timeout: 300_000,
  }, async () => {
    const before = await served();
    const tag = `${project}-renewal`;
    const load = visitorLoad(site(), tag, asVisitor());
    await sleep(3_000);
    const start = performance.now();
    await compose('exec', '-T', 'certificates', 'python3', '/opt/site/certificates.py', 'renew', '--force');
    const after = await eventually(async () => {
      const certificate = await served();
      expect(certificate.serial).not.toBe(before.serial);
      return certificate;
    }, 60_000);
    const renewed = seconds(start);
    // The load goes on a while on the new certificate, new connections and kept-alive ones alike.
    await sleep(3_000);
    const outcomes = await load.stop();
    const failed = outcomes.filter(({ kind, status }) => status !== { page: 200, json: 201, form: 303 }[kind]);
    const count = (kind: VisitOutcome['kind']) => outcomes.filter((outcome) => outcome.kind === kind).length;
    console.info(
      `stack: certificate renewed under load in ${renewed} (serial ${before.serial} -> ${after.serial}); ` +
        `${count('page')} page GETs, ${count('json')} JSON posts, ${count('form')} form posts, ${failed.length} failed`,
    );
    expect(after.authorized).toBe(true);
    expect(failed).toEqual([]);
    storedOnce(outcomes, await psql(`SELECT email, id FROM contacts WHERE email LIKE '${tag}.%'`));
  });

  it('serves a certificate of one’s own instead, once OWN_CERTIFICATE names it, and asks no CA', {
    timeout: 180_000,
  }, async () => {
    const { certificate: own, pem } = selfSigned(path.join(dir, '..'), DOMAIN);
    writeFileSync(path.join(dir, 'own.pem'), pem);
    appendFileSync(path.join(dir, '.env'), 'OWN_CERTIFICATE=./own.pem\n');
    const pebbleOrders = async () =>
      (await compose('logs', '--no-log-prefix', 'pebble')).match(/Issued certificate/g)?.length;
    const orders = await pebbleOrders();
    await compose('up', '-d', '--wait', '--no-build', 'certificates');
    const theirs = await eventually(async () => {
      const certificate = await servedCertificate({ port: https.port, servername: DOMAIN, ca: own });
      expect(certificate.authorized).toBe(true);
      return certificate;
    }, 60_000);
    expect(theirs.serial).toBe(new X509Certificate(own).serialNumber);
    expect(await pebbleOrders()).toBe(orders);
  });

  it('answers ps, logs, exec and down from .env alone, nothing exported', { timeout: 120_000 }, async () => {
    expect(await compose('ps', '--services', '--status', 'running')).toMatch(/app1[\s\S]*app2/);
    expect(await compose('logs', '--no-log-prefix', 'app1')).toContain('servidor no ar');
    expect((await compose('exec', '-T', 'app1', 'node', '--version')).trim()).toMatch(/^v24\./);
    await removeAll();
    expect((await docker(['ps', '-aq', '--filter', `label=com.docker.compose.project=${project}`])).trim()).toBe('');
    const left = await docker(['volume', 'ls', '-q']);
    expect([...volumes].filter((name) => left.includes(name))).toEqual([]);
  });
});
