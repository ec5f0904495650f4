import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_NODE_OPTIONS } from '../../scripts/launch/serve-built';
import { dockerfile } from '../../test/support/dockerfile';
import { ADMIN_TOKEN, bearer } from '../../test/support/leads';
import { stopProcess, whenExited } from '../../test/support/server-process';

const ignored = readFileSync('.dockerignore', 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);

const isIgnored = (file: string) => {
  const parts = file.split('/');
  return parts.some((_, i) => ignored.some((pattern) => path.matchesGlob(parts.slice(0, i + 1).join('/'), pattern)));
};

/** The build context as Docker would send it: tracked and new files, less .dockerignore. */
function copyContext(target: string) {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const file of files.filter((file) => !isIgnored(file) && existsSync(file))) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(file, path.join(target, file));
  }
}

const { buildRuns, runtimeCopies, runtimeEnv, cmd } = dockerfile;

const work = mkdtempSync(path.join(tmpdir(), 'site-image-'));
const buildDir = path.join(work, 'build');
const runtimeDir = path.join(work, 'app');
const dataDir = path.join(work, 'data');
let stop: () => Promise<unknown> = async () => {};
afterAll(() => stop());

describe('the Dockerfile', () => {
  it('builds in a clean copy and serves /health, / and the 404 as the image would', { timeout: 600_000 }, async () => {
    mkdirSync(buildDir);
    copyContext(buildDir);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: buildDir, stdio: 'pipe' });
    for (const step of buildRuns.filter((step) => !step.startsWith('npm ci'))) {
      execFileSync('sh', ['-c', step], { cwd: buildDir, stdio: 'pipe' });
    }

    mkdirSync(runtimeDir);
    for (const [from, to] of runtimeCopies)
      cpSync(path.join(buildDir, from), path.join(runtimeDir, to), { recursive: true });
    // The server bundle carries its dependencies: the image has no sources, and no node_modules but
    // sharp's with its native libvips, beside the bundles. Beside the server, the children that judge
    // untrusted files and the IBGE municipalities a quote's distance is measured on.
    expect(readdirSync(runtimeDir)).toEqual(['dist']);
    expect(readdirSync(path.join(runtimeDir, 'dist/node_modules')).sort()).toEqual([
      '@img',
      'detect-libc',
      'semver',
      'sharp',
    ]);
    expect(readdirSync(path.join(runtimeDir, 'dist/server')).sort()).toEqual([
      'cv-child.js',
      'cv-child.js.map',
      'ibge',
      'image-child.js',
      'image-child.js.map',
      'index.js',
      'index.js.map',
      'package.json',
    ]);
    expect(cmd[0]).toBe('node');
    // The benchmark and `npm start` (through `npm run serve`) measure and run the heap settings the image ships.
    expect(runtimeEnv).toMatchObject({ NODE_ENV: 'production', NODE_OPTIONS: PRODUCTION_NODE_OPTIONS });
    expect(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { serve: string } }).scripts.serve,
    ).toContain(`node ${PRODUCTION_NODE_OPTIONS} dist/server/index.js`);

    const child = spawn(process.execPath, cmd.slice(1), {
      cwd: runtimeDir,
      env: {
        PATH: process.env.PATH,
        ...runtimeEnv,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        TMPDIR: path.join(dataDir, 'tmp'),
        ADMIN_TOKEN,
      },
    });
    const exited = whenExited(child);
    stop = () => stopProcess(child, exited);
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === 'servidor no ar') resolve(Number(entry.port));
      });
      child.on('exit', (code) => reject(new Error(`saiu com ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;

    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="pt-BR">');
    const missing = await fetch(`${base}/nao-existe`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
    const metrics = await fetch(`${base}/metrics`, { headers: { Authorization: bearer } });
    expect(await metrics.text()).toMatch(/^process_cpu_user_seconds_total \d/m);
  });

  it('pulls nothing but its base image, and reports healthy within seconds of the start', () => {
    expect(dockerfile.text).not.toMatch(/^# *syntax=/im);
    expect([...dockerfile.text.matchAll(/^FROM (\S+)/gm)].map((match) => match[1])).toEqual([
      'node:24-slim',
      'node:24-slim',
    ]);
    expect(dockerfile.healthcheck).toMatch(/--start-interval=1s /);
  });
});
