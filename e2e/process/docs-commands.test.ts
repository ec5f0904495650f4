import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VARIABLES } from '../../server/process/config';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { lead } from '../../test/support/requests';
import { startServer, tempDataDir, whenExited } from '../../test/support/server-process';
import { needs } from '../../test/support/tools';
import { eventually, freePort } from '../../test/support/wait';

// The commands README.md and docs/ give for `npm start` mode, run as written: a command that drifts
// from the code (a script renamed, a variable dropped, an example that no longer agrees with the
// one before it) fails here.

const DOCS = ['README.md', ...readdirSync('docs', { recursive: true }).map((file) => `docs/${file}`)].filter((file) =>
  file.endsWith('.md'),
);
const read = (file: string) => readFileSync(file, 'utf8');
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

/** Each shell block the docs mark as run here, in the docs' order, with how it is run. */
const marked = DOCS.flatMap((file) =>
  [...read(file).matchAll(/<!-- run by e2e\/process\/docs-commands\.test\.ts(.*?) -->\n```sh\n([\s\S]*?)```/g)].map(
    ([, how, code]) => ({ file, how: how!.trim(), code: code!.trim() }),
  ),
);

describe('the npm scripts the docs name', () => {
  it.each(DOCS)('all exist in package.json: %s', (file) => {
    const named = [...read(file).matchAll(/npm run ([a-z][\w:-]*)/g)].map(([, name]) => name!);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe("README's configuration table", () => {
  it('lists every variable the configuration reads, and no other', () => {
    const section = read('README.md').split('## Configuration')[1]!.split('\n## ')[0]!;
    const listed = [...section.matchAll(/^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|/gm)].flatMap(([, cell]) =>
      [...cell!.matchAll(/`([A-Z_]+)`/g)].map(([, name]) => name!),
    );
    expect([...listed].sort()).toEqual([...VARIABLES].sort());
  });
});

/**
 * The project as an operator has it, in a folder of its own: every entry of the checkout linked in,
 * so that what the commands write (backups/, admin-token) lands there and not in the checkout.
 */
function projectCopy() {
  const folder = mkdtempSync(path.join(tmpdir(), 'site-project-'));
  for (const entry of readdirSync('.'))
    if (!['backups', 'data', 'admin-token', '.git'].includes(entry))
      symlinkSync(path.resolve(entry), path.join(folder, entry));
  return folder;
}

/** Runs a block with bash in `cwd`, stopping at the first failing command; its output and exit code. */
function bash(code: string, cwd: string, env: Record<string, string>) {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', code], { cwd, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return whenExited(child).then((exit) => ({ exit, output: output.trim() }));
}

describe('the commands of the default install, as docs/operations.md gives them', () => {
  const cwd = projectCopy();
  const dataDir = tempDataDir();
  const adminToken = ADMIN_TOKEN;
  let served: ChildProcess | undefined;
  afterAll(async () => {
    if (served?.pid && served.exitCode === null) {
      const exited = whenExited(served);
      process.kill(-served.pid, 'SIGTERM');
      await exited;
    }
  });

  it('are marked, each with how it is run', () => {
    expect(marked.map(({ how }) => how)).toEqual([
      // The team's invite, list and revoke, beside the running site.
      ', while the site serves',
      ', while the site serves',
      ', with the site stopped',
      ', with the site stopped',
      ': starts the site',
    ]);
  });

  it('run the team commands and back up while serving, restore stopped, and rotate the token, in the docs’ order', {
    timeout: 180_000,
    ...needs('openssl'),
  }, async () => {
    const site = await startServer({ ADMIN_TOKEN: adminToken }, dataDir);
    try {
      const posted = await fetch(`${site.url}/api/contacts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(lead(7)),
      });
      expect(posted.status).toBe(201);
      for (const block of marked.filter(({ how }) => how === ', while the site serves'))
        expect(await bash(block.code, cwd, { DATA_DIR: dataDir })).toMatchObject({ exit: 0 });
    } finally {
      await site.stop();
    }

    // The restore goes into a new folder, as after a lost disk; the token file is made here too.
    const restoredDir = tempDataDir();
    for (const block of marked.filter(({ how }) => how === ', with the site stopped')) {
      const { exit, output } = await bash(block.code, cwd, { DATA_DIR: restoredDir });
      expect({ block: block.code, exit, output }).toMatchObject({ exit: 0 });
    }

    // `npm start` builds, then serves; the suite built already, so the test runs what start runs next.
    const [start] = marked.filter(({ how }) => how === ': starts the site');
    expect(start!.code).toMatch(/ npm start$/);
    const port = await freePort();
    served = spawn('bash', ['-c', start!.code.replace(/ npm start$/, ' npm run serve')], {
      cwd,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, DATA_DIR: restoredDir, PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_MS: '0' },
    });
    const token = readFileSync(path.join(cwd, 'admin-token'), 'utf8').trim();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const listing = await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/contacts`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { data: { email: string }[] };
    }, 30_000);
    expect(listing.data.map((contact) => contact.email)).toEqual([lead(7).email]);
    const old = await fetch(`http://127.0.0.1:${port}/api/contacts`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(old.status).toBe(401);
  });
});
