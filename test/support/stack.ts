import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { docker } from './docker';

type Up = {
  /** The site's name, DOMAIN in .env. */
  domain: string;
  /** Lines the test adds to .env after the four the ops engineer fills. */
  variables: Record<string, string>;
  /** compose.override.yaml, which compose reads beside compose.yaml: the test's additions to the kit. */
  override: string;
  /** Other files the override mounts, by name, beside compose.yaml. */
  files?: Record<string, string>;
};

/**
 * The deploy kit (deploy/compose.yaml) as an ops engineer runs it, for the tests that bring it up in
 * Docker: a copy of deploy/ in a folder of its own, the image built from the unchanged Dockerfile
 * under a tag of the test's project, `.env` from .env.example with its secrets filled, and whatever
 * the test adds in compose.override.yaml. `prefix` starts the compose project's name, made unique.
 */
export function deployKit(prefix: string) {
  const project = `${prefix}-${randomBytes(4).toString('hex')}`;
  const image = `${project}:test`;
  const dir = path.join(mkdtempSync(path.join(tmpdir(), `${prefix}-`)), 'deploy');
  const adminToken = randomBytes(32).toString('hex');
  const compose = (...args: string[]) => docker(['compose', ...args], dir);
  /**
   * The replicas' anonymous /data volumes (the image's VOLUME): a recreated replica mounts its
   * predecessor's by name, so `down --volumes` leaves it; each is noted while its container runs.
   */
  const volumes = new Set<string>();
  /** The host address Docker published a container port on, as http://127.0.0.1:port. */
  const published = async (service: string, port: number) =>
    `http://${(await compose('port', service, String(port))).trim()}`;
  const noteVolumes = async () => {
    const containers = (await compose('ps', '-aq')).trim().split('\n').filter(Boolean);
    if (containers.length === 0) return;
    const names = await docker(['inspect', '-f', '{{range .Mounts}}{{.Name}} {{end}}', ...containers]);
    for (const name of names.split(/\s+/).filter(Boolean)) volumes.add(name);
  };
  return {
    project,
    image,
    dir,
    adminToken,
    volumes,
    compose,
    published,
    publishedPort: async (service: string, port: number) => Number(new URL(await published(service, port)).port),
    psql: async (sql: string) =>
      (await compose('exec', '-T', 'db', 'psql', '-U', 'site', '-d', 'site', '-At', '-c', sql)).trim().split('\n'),
    /** The image, from the Dockerfile as it is. */
    build: () => docker(['build', '-q', '-t', image, '.']),
    noteVolumes,
    /** deploy/ copied, .env and compose.override.yaml written, then `compose up -d --wait`. */
    async up({ domain, variables, override, files = {} }: Up) {
      cpSync('deploy', dir, { recursive: true });
      const secrets = readFileSync(path.join(dir, '.env.example'), 'utf8')
        .replace(/^ADMIN_TOKEN=$/m, `ADMIN_TOKEN=${adminToken}`)
        .replace(/^POSTGRES_PASSWORD=$/m, `POSTGRES_PASSWORD=${randomBytes(16).toString('hex')}`)
        .replace(/^DOMAIN=$/m, `DOMAIN=${domain}`)
        .replace(/^ACME_EMAIL=$/m, 'ACME_EMAIL=ops@rotanorte.com.br');
      const lines = Object.entries({ COMPOSE_PROJECT_NAME: project, ...variables }).map(
        ([name, value]) => `${name}=${value}\n`,
      );
      writeFileSync(path.join(dir, '.env'), `${secrets}\n${lines.join('')}`);
      writeFileSync(path.join(dir, 'compose.override.yaml'), override);
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
      await compose('up', '-d', '--wait', '--no-build');
      await noteVolumes();
    },
    /** Every container, network and volume of the project gone. */
    async down() {
      await compose('down', '--volumes', '--remove-orphans');
      const left = await docker(['volume', 'ls', '-q']);
      for (const name of volumes) if (left.includes(name)) await docker(['volume', 'rm', name]);
    },
    removeImage: () => docker(['image', 'rm', '-f', image]),
  };
}
