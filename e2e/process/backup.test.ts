import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { lead } from '../../test/support/requests';
import { type RunningServer, startServer, tempDataDir } from '../../test/support/server-process';

const { DatabaseSync } = process.getBuiltinModule('node:sqlite');

/** Runs `npm run <script> -- args` as the docs say, with DATA_DIR set: its exit code and output. */
function npmRun(script: string, args: string[], dataDir: string) {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() })),
  );
}

const idsIn = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return new Set(
      db
        .prepare('SELECT id FROM contacts')
        .all()
        .map((row) => String(row.id)),
    );
  } finally {
    db.close();
  }
};

let servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
});

const noLimits = {
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_PER_HOUR: '0',
  RATE_LIMIT_REFUSED_PER_MINUTE: '0',
  RATE_LIMIT_REFUSED_PER_HOUR: '0',
};

describe('npm run backup', () => {
  it('copies, under load, every lead acknowledged before it began, and the copy restores', {
    timeout: 180_000,
  }, async () => {
    const adminToken = randomBytes(32).toString('hex');
    const server = await startServer({ ...noLimits, ADMIN_TOKEN: adminToken });
    servers.push(server);

    // Four clients posting leads one after another until told to stop; each 201 is an acknowledged lead.
    const acknowledged: { id: string; at: number }[] = [];
    let stop = false;
    let sent = 0;
    const client = async () => {
      while (!stop) {
        const res = await fetch(`${server.url}/api/contacts`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(lead(sent++)),
        });
        expect(res.status).toBe(201);
        const { data } = (await res.json()) as { data: { id: string } };
        acknowledged.push({ id: data.id, at: performance.now() });
      }
    };
    const clients = Promise.all(Array.from({ length: 4 }, client));
    await sleep(1_500);

    const file = path.join(tempDataDir(), 'site-sob-carga.db');
    const began = performance.now();
    const backup = await npmRun('backup', [file], server.dataDir);
    const ended = performance.now();
    await sleep(500);
    stop = true;
    await clients;

    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(new RegExp(`^cópia em ${file}: \\d+ contatos, 0 cotações, [\\d.]+ KB em \\d+ ms$`));
    const copied = idsIn(file);
    const before = acknowledged.filter((entry) => entry.at < began);
    const during = acknowledged.filter((entry) => entry.at >= began && entry.at <= ended);
    const after = acknowledged.filter((entry) => entry.at > ended);
    expect(before.filter((entry) => !copied.has(entry.id))).toEqual([]);
    // Nothing in the copy that was not posted, nothing acknowledged after the copy ended.
    const posted = new Set(acknowledged.map((entry) => entry.id));
    expect([...copied].filter((id) => !posted.has(id))).toEqual([]);
    expect(after.filter((entry) => copied.has(entry.id))).toEqual([]);
    console.info(
      `backup under load: ${acknowledged.length} leads acknowledged (${before.length} before the backup, ` +
        `${during.length} during its ${Math.round(ended - began)} ms as npm runs it, ${after.length} after); ` +
        `the copy holds ${copied.size} (${statSync(file).size} bytes): ${backup.stdout}`,
    );

    // While the site runs, a restore is refused, naming it.
    const refused = await npmRun('restore', [file], server.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`já está em uso pelo processo ${server.child.pid}`);

    // Restored into a fresh install and served: every lead acknowledged before the backup is listed.
    const restoredDir = tempDataDir();
    const restored = await npmRun('restore', [file], restoredDir);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toBe(
      `${file} restaurada em ${restoredDir}/site.db: ${copied.size} contatos, 0 cotações. Inicie o site.`,
    );
    const again = await startServer({ ADMIN_TOKEN: adminToken }, restoredDir);
    servers.push(again);
    const listed = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await fetch(`${again.url}/api/contacts?page=${page}&limit=100`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { id: string }[] };
      for (const item of data) listed.add(item.id);
      if (data.length < 100) break;
    }
    expect(listed).toEqual(copied);
  });

  it('refuses to overwrite a file, and says where the database is missing', async () => {
    const empty = tempDataDir();
    const missing = await npmRun('backup', [path.join(empty, 'x.db')], empty);
    expect(missing).toMatchObject({ code: 1, stderr: `não há banco em ${empty}/site.db: confira DATA_DIR` });
  });
});
