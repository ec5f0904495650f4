import { execFile } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { copyFileSync, cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { mailedLeadAddresses, postedLeadIds, storedOnce } from '../../test/support/deliveries';
import { docker } from '../../test/support/docker';
import { type VisitOutcome, visitorLoad } from '../../test/support/load';
import { MINICA, PEBBLE_CONFIG, PEBBLE_DIRECTORY, pebbleRoot } from '../../test/support/pebble';
import {
  atEachSecond,
  containersOf,
  createSecret,
  removeStack,
  runningImages,
  singleNodeSwarm,
  untilUpdated,
} from '../../test/support/swarm';
import { curlHead, selfSigned, servedCertificate } from '../../test/support/tls';
import { needs } from '../../test/support/tools';
import { eventually, freePort } from '../../test/support/wait';

// deploy/stack.yaml on a single-node swarm, as docs/operations.md says to run it: Docker secrets read
// through the _FILE variables, the certificate obtained from a real ACME server (Pebble) at the first
// deploy, HAProxy finding the replicas by DNS, a release rolled out, a broken one rolled back by Swarm
// itself, a scale from 2 to 4 replicas and back, ADMIN_TOKEN rotated, the certificate renewed, each
// under load over HTTPS through the proxy's port on 127.0.0.1, none of it retried; a backup restored,
// and a certificate of one's own served from a Docker secret.

const engine = needs('docker', 'openssl', 'curl');

const stack = `site-swarm-${randomBytes(4).toString('hex')}`;
const app = `${stack}_app`;
const images = { one: `${stack}:1`, two: `${stack}:2`, broken: `${stack}:broken` };
/** A copy of deploy/ as an ops engineer would have it, with the test's additions beside it. */
const dir = path.join(mkdtempSync(path.join(tmpdir(), 'site-swarm-')), 'deploy');
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const secrets = {
  ADMIN_TOKEN_SECRET: `${stack}-admin-token`,
  DATABASE_URL_SECRET: `${stack}-database-url`,
  SMTP_URL_SECRET: `${stack}-smtp-url`,
  DB_PASSWORD_SECRET: `${stack}-db-password`,
  WEBHOOK_SECRET_SECRET: `${stack}-webhook-secret`,
};
const made: string[] = [];
const ports = { HTTP_PORT: 0, HTTPS_PORT: 0, MAIL_PORT: 0, HOOKS_PORT: 0, PEBBLE_PORT: 0 };
/** The site's name: the proxy's alias on the stack's network, where Pebble looks it up. */
const DOMAIN = 'site.test';
/** The release the stack runs: what an ops engineer keeps in SITE_IMAGE, so that a new deploy keeps it. */
let release = images.one;
/** What `docker stack deploy` interpolates: the test's image, ports, secrets and no rate limit (one address). */
const variables = () => ({
  ...secrets,
  ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
  SITE_IMAGE: release,
  CONFIG_VERSION: stack,
  DOMAIN,
  ACME_EMAIL: 'ops@rotanorte.com.br',
  ACME_DIRECTORY: PEBBLE_DIRECTORY,
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_PER_HOUR: '0',
  RATE_LIMIT_REFUSED_PER_MINUTE: '0',
  RATE_LIMIT_REFUSED_PER_HOUR: '0',
});
/** `docker stack deploy` of stack.yaml with the test's additions, then `more` files and `extra` variables. */
const deploy = (more: string[] = [], extra: Record<string, string> = {}) =>
  docker(
    [
      ...['stack', 'deploy', '--detach=true', '--resolve-image', 'never', '-c', 'stack.yaml', '-c', 'test.yaml'],
      ...more.flatMap((file) => ['-c', file]),
      stack,
    ],
    dir,
    { ...variables(), ...extra },
  );
const url = (port: number) => `http://127.0.0.1:${port}`;
/** Pebble's root (made anew each time Pebble starts), once Pebble runs: what the visitors trust. */
const root = { pem: '', file: path.join(dir, '..', 'pebble-root.pem') };
const served = (ca = root.pem) => servedCertificate({ port: ports.HTTPS_PORT, servername: DOMAIN, ca });
const site = () => `https://127.0.0.1:${ports.HTTPS_PORT}`;
/** How many certificates Pebble has issued so far, as its log says. */
const issuedByPebble = async () => (await docker(['logs', await one('pebble')])).match(/Issued certificate/g)?.length;
const one = async (service: string) => (await containersOf(`${stack}_${service}`))[0]!;
const psql = async (sql: string, database = 'site') =>
  (await docker(['exec', await one('db'), 'psql', '-U', 'site', '-d', database, '-At', '-c', sql])).trim().split('\n');
/** The proxy's log since `since` (an ISO time): a line per request, and each change of a replica's state. */
const proxyLog = async (since: string) => docker(['logs', '--since', since, await one('proxy')]);
/** The replicas (HAProxy's slots, app1…app10) that answered the requests logged since `since`. */
const answeredBy = async (since: string) =>
  new Set([...(await proxyLog(since)).matchAll(/ (?:pages|api)\/(app\d+) /g)].map((match) => match[1]));
const update = (image: string) =>
  docker(['service', 'update', '--detach', '--no-resolve-image', '--image', image, app]);
/** Builds `tag` from a Dockerfile of its own (FROM one of ours), in an empty folder. */
const buildFrom = async (tag: string, dockerfile: string) => {
  const context = mkdtempSync(path.join(tmpdir(), 'site-image-'));
  writeFileSync(path.join(context, 'Dockerfile'), dockerfile);
  await docker(['build', '-q', '-t', tag, context]);
};

let swarm: Awaited<ReturnType<typeof singleNodeSwarm>> | undefined;
/** The ADMIN_TOKEN the stack was deployed with. */
let firstToken = '';
const outcomes: VisitOutcome[] = [];
/** Steady visitors through the proxy while `act` runs; none of their requests may fail. */
async function underLoad(phase: string, act: () => Promise<string>) {
  const load = visitorLoad(site(), `${stack}-${phase.replaceAll(' ', '-')}`, { ca: root.pem, servername: DOMAIN });
  const since = new Date().toISOString();
  const start = performance.now();
  const what = await act();
  const seen = await load.stop();
  outcomes.push(...seen);
  const failed = seen.filter(({ kind, status }) => status !== { page: 200, json: 201, form: 303 }[kind]);
  const count = (kind: VisitOutcome['kind']) => seen.filter((outcome) => outcome.kind === kind).length;
  console.info(
    `swarm: ${phase}: ${what}; ${count('page')} page GETs, ${count('json')} JSON posts, ${count('form')} form posts ` +
      `in ${seconds(start)}, ${failed.length} failed`,
  );
  // What the proxy saw meanwhile: its replicas' comings and goings, and the requests that failed.
  if (failed.length > 0)
    console.info(
      (await proxyLog(since))
        .split('\n')
        .filter((line) => !line.includes('request_id=') || / 5\d\d /.test(line))
        .join('\n'),
    );
  expect(failed).toEqual([]);
}

/** Everything the test made, removed: the stack, its secrets and images, and the swarm if it made it. */
async function removeAll() {
  await removeStack(stack);
  if (made.length > 0) await docker(['secret', 'rm', ...made.splice(0)]);
  const built = (await docker(['image', 'ls', '--format', '{{.Repository}}:{{.Tag}}', stack])).trim();
  if (built) await docker(['image', 'rm', ...built.split('\n')]);
  await swarm?.leave();
  swarm = undefined;
}

afterAll(async () => {
  if (!engine.skip && swarm) await removeAll().catch((error) => console.info(`swarm: cleanup: ${error}`));
}, 240_000);

describe('the Swarm stack on a single-node swarm', engine, () => {
  it('deploys with `docker stack deploy` from Docker secrets', { timeout: 900_000 }, async () => {
    const start = performance.now();
    await docker(['build', '-q', '-t', images.one, '.']);
    // Release 2: another image, as a release is; the app inside is the same.
    await buildFrom(images.two, `FROM ${images.one}\nLABEL release=2\n`);
    // A release whose HEALTHCHECK asks for a path the app does not serve: it runs, but never turns healthy.
    // (With the image's own timings, 30 s of grace then three checks 30 s apart, Swarm would see it two
    // minutes later; the mechanism is the same.)
    await buildFrom(
      images.broken,
      `FROM ${images.two}\nHEALTHCHECK --interval=1s --timeout=2s --retries=3 CMD ["node", "-e", ` +
        '"fetch(`http://127.0.0.1:3000/saude`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]\n',
    );
    console.info(`swarm: images built in ${seconds(start)}`);

    swarm = await singleNodeSwarm();
    firstToken = randomBytes(32).toString('hex');
    const password = randomBytes(16).toString('hex');
    const values = {
      DB_PASSWORD_SECRET: password,
      DATABASE_URL_SECRET: `postgres://site:${password}@db:5432/site`,
      ADMIN_TOKEN_SECRET: `${firstToken}\n`,
      SMTP_URL_SECRET: 'smtp://mail:1025',
      WEBHOOK_SECRET_SECRET: `whsec_${randomBytes(24).toString('base64')}\n`,
    };
    for (const [variable, value] of Object.entries(values)) {
      await createSecret(secrets[variable as keyof typeof secrets], value);
      made.push(secrets[variable as keyof typeof secrets]);
    }
    for (const name of Object.keys(ports)) ports[name as keyof typeof ports] = await freePort();
    cpSync('deploy', dir, { recursive: true });
    copyFileSync('test/support/swarm-additions.yaml', path.join(dir, 'test.yaml'));
    copyFileSync('test/support/webhook-sink.mjs', path.join(dir, 'webhook-sink.mjs'));
    writeFileSync(path.join(dir, 'pebble-config.json'), PEBBLE_CONFIG);
    // The CA under which Pebble serves its API, for certbot to trust, as the image carries it.
    const minica = path.join(dir, 'pebble-minica.pem');
    writeFileSync(minica, await docker(['run', '--rm', '--entrypoint', 'cat', 'letsencrypt/pebble:v2.4.0', MINICA]));

    const deploying = performance.now();
    await deploy();
    root.pem = await eventually(
      atEachSecond(() => pebbleRoot(ports.PEBBLE_PORT, minica, root.file)),
      120_000,
    );
    const issued = await eventually(
      atEachSecond(async () => {
        const certificate = await served();
        expect(certificate.authorized).toBe(true);
        return certificate;
      }),
      240_000,
    );
    const certbot = /certbot took ([\d.]+ s)/.exec(await docker(['logs', await one('certificates')]))?.[1];
    console.info(
      `swarm: Pebble's certificate served ${seconds(deploying)} after deploy (certbot ${certbot}), ` +
        `serial ${issued.serial}, valid ${issued.validFrom} to ${issued.validTo}`,
    );
    // The proxy starts with the certificate, not with the replicas: served once it has both.
    const page = () => curlHead(DOMAIN, root.file, `https://${DOMAIN}:${ports.HTTPS_PORT}/`);
    await eventually(
      atEachSecond(async () => expect(await page()).toMatch(/^HTTP\/\S+ 200/)),
      240_000,
    );
    await eventually(
      atEachSecond(async () => expect((await containersOf(app)).length).toBe(2)),
      60_000,
    );
    // Both in HAProxy's rotation too, before any phase counts failures: on a loaded machine a
    // replica's first health checks can time out, and a phase that began with one replica up lost
    // the requests of its first seconds to that, not to what it tests.
    await eventually(
      atEachSecond(async () => {
        const since = new Date(Date.now() - 1_000).toISOString();
        for (let request = 0; request < 6; request++) expect(await page()).toMatch(/^HTTP\/\S+ 200/);
        expect((await answeredBy(since)).size).toBe(2);
      }),
      120_000,
    );
    console.info(`swarm: swarm ${swarm.made ? 'made' : 'reused'}, stack serving ${seconds(deploying)} after deploy`);
  });

  it('answers HTTPS over HTTP/2 with HSTS, and plain HTTP with a 308 to HTTPS', { timeout: 60_000 }, async () => {
    const secure = await curlHead(DOMAIN, root.file, `https://${DOMAIN}:${ports.HTTPS_PORT}/`, '--http2');
    expect(secure).toMatch(/^HTTP\/2 200/);
    expect(secure).toMatch(/^strict-transport-security: max-age=31536000; includeSubDomains\r?$/m);
    const plain = await curlHead(DOMAIN, root.file, `http://${DOMAIN}:${ports.HTTP_PORT}/contato`);
    expect(plain).toMatch(/^HTTP\/1\.1 308/);
    expect(plain).toMatch(new RegExp(`^location: https://site\\.test:${ports.HTTP_PORT}/contato\r?$`, 'im'));
  });

  it('rolls a release out with `docker service update`, one replica at a time, losing no request', {
    timeout: 600_000,
  }, async () => {
    await underLoad('rolling update', async () => {
      const took = await untilUpdated(app, 'completed', () => update(images.two));
      release = images.two;
      expect(await runningImages(app)).toEqual([images.two]);
      return `1 → 2 in ${took.toFixed(1)} s`;
    });
  });

  it('rolls back by itself a release whose health check fails, losing no request', { timeout: 600_000 }, async () => {
    await underLoad('failed update', async () => {
      const took = await untilUpdated(app, 'rollback_completed', () => update(images.broken));
      expect(await runningImages(app)).toEqual([images.two]);
      return `2 → broken, rolled back to 2 in ${took.toFixed(1)} s`;
    });
  });

  it('scales from 2 to 4 replicas, all of them serving, and back to 2, losing no request', {
    timeout: 600_000,
  }, async () => {
    await underLoad('scaling', async () => {
      await docker(['service', 'scale', '--detach=false', `${app}=4`]);
      const since = new Date().toISOString();
      await eventually(
        atEachSecond(async () => expect((await answeredBy(since)).size).toBe(4)),
        60_000,
      );
      await docker(['service', 'scale', '--detach=false', `${app}=2`]);
      // Done once the two stopped replicas have drained and exited.
      await eventually(
        atEachSecond(async () => expect((await containersOf(app)).length).toBe(2)),
        60_000,
      );
      return '2 → 4 (each of the 4 served) → 2';
    });
  });

  it('rotates ADMIN_TOKEN: a new secret, the stack deployed again, the old token refused', {
    timeout: 600_000,
  }, async () => {
    const metrics = async (token: string) =>
      (
        await docker([
          'exec',
          (await containersOf(app))[0]!,
          'node',
          '-e',
          'fetch("http://127.0.0.1:3000/metrics", { headers: { authorization: "Bearer " + process.argv[1] } })' +
            '.then((r) => console.log(r.status))',
          token,
        ])
      ).trim();
    const token = randomBytes(32).toString('hex');
    const name = `${stack}-admin-token-2`;
    await createSecret(name, token);
    made.push(name);
    secrets.ADMIN_TOKEN_SECRET = name;
    await underLoad('token rotation', async () => {
      const took = await untilUpdated(app, 'completed', deploy);
      return `the stack deployed again with ADMIN_TOKEN_SECRET=${name}, rolled out in ${took.toFixed(1)} s`;
    });
    expect(await metrics(token)).toBe('200');
    expect(await metrics(firstToken)).toBe('401');
  });

  it('takes up a renewed certificate under load, losing no request', { timeout: 300_000 }, async () => {
    const before = await served();
    await underLoad('renewal', async () => {
      const start = performance.now();
      await docker(['exec', await one('certificates'), 'python3', '/opt/site/certificates.py', 'renew', '--force']);
      const after = await eventually(
        atEachSecond(async () => {
          const certificate = await served();
          expect(certificate.serial).not.toBe(before.serial);
          return certificate;
        }),
        60_000,
      );
      expect(after.authorized).toBe(true);
      return `serial ${before.serial} → ${after.serial} in ${seconds(start)}`;
    });
  });

  it('backs PostgreSQL up and restores it as docs/operations.md says', { timeout: 120_000 }, async () => {
    const sh = promisify(execFile);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'site-backup-')), 'site.dump');
    const env = { ...process.env, db: await one('db'), file };
    await sh('sh', ['-c', 'docker exec "$db" pg_dump -U site -d site -Fc > "$file"'], { env });
    await psql('CREATE DATABASE site_restored');
    await sh('sh', ['-c', 'docker exec -i "$db" pg_restore -U site -d site_restored --no-owner < "$file"'], { env });
    const tables = await psql("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    const counts = async (database: string) =>
      Promise.all(
        tables.map(async (table) => `${table}=${(await psql(`SELECT count(*) FROM ${table}`, database))[0]}`),
      );
    expect(await counts('site_restored')).toEqual(await counts('site'));
    console.info(`swarm: backup restored, ${(await counts('site_restored')).join(', ')}`);
  });

  it('stored, mailed and posted every acknowledged lead exactly once', { timeout: 300_000 }, async () => {
    // Each lead of the load has an address of its own.
    const { ids, addresses } = storedOnce(outcomes, await psql('SELECT email, id FROM contacts'));
    expect((await mailedLeadAddresses(url(ports.MAIL_PORT), ids.length)).sort()).toEqual(addresses);
    expect((await postedLeadIds(url(ports.HOOKS_PORT), ids.length)).sort()).toEqual(ids);
    console.info(`swarm: ${ids.length} leads stored, mailed and posted once each`);
  });

  it('serves a certificate of one’s own from a Docker secret (own-certificate.yaml), asking no CA', {
    timeout: 180_000,
  }, async () => {
    const { certificate: own, pem } = selfSigned(path.join(dir, '..'), DOMAIN);
    const name = `${stack}-own-certificate`;
    await createSecret(name, pem);
    made.push(name);
    const orders = await issuedByPebble();
    await deploy(['own-certificate.yaml'], { OWN_CERTIFICATE_SECRET: name });
    const theirs = await eventually(
      atEachSecond(async () => {
        const certificate = await served(own);
        expect(certificate.authorized).toBe(true);
        return certificate;
      }),
      120_000,
    );
    expect(theirs.serial).toBe(new X509Certificate(own).serialNumber);
    expect(await issuedByPebble()).toBe(orders);
  });

  it('leaves nothing behind: no container, network, volume, secret, image, nor the swarm it made', {
    timeout: 240_000,
  }, async () => {
    const ours = swarm?.made;
    await removeAll();
    expect(await docker(['volume', 'ls', '-q', '--filter', `name=${stack}`])).toBe('');
    expect(await docker(['secret', 'ls', '-q', '--filter', `name=${stack}`]).catch(() => '')).toBe('');
    expect(await docker(['image', 'ls', '-q', stack])).toBe('');
    if (ours) expect((await docker(['info', '--format', '{{.Swarm.LocalNodeState}}'])).trim()).toBe('inactive');
  });
});
