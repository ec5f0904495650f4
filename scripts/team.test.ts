import { spawnSync } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../server/composition/repository';
import { createTestApp, tempDir } from '../test/support/app';
import { sessionCookieOf } from '../test/support/members';

// `npm run team` as an operator runs it (docs/requirements.md §6.3): a
// process, with only the variables given here, against the site's SQLite file.

const TSX = path.resolve('node_modules/.bin/tsx');

/** Runs the CLI with `env` alone (no SMTP_URL or PUBLIC_URL leaks in from the test's own). */
function team(args: string[], env: Record<string, string>) {
  const run = spawnSync(TSX, ['scripts/team.ts', ...args], {
    env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

/** A data folder holding the site's database, as `npm start` leaves it. */
async function siteDataDir() {
  const dataDir = tempDir();
  const repository = openSqlite(dataDir);
  await repository.ping();
  await repository.close();
  return dataDir;
}

describe('npm run team -- invite', () => {
  it('with e-mail off prints the link and, apart, a code; the link alone enrols nobody, with the code it does', async () => {
    const dataDir = await siteDataDir();

    const run = team(['invite', 'bruno@example.com', '--role', 'vendas', '--nome', 'Bruno Lima'], {
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://www.exemplo.com.br',
    });
    const link = /(https:\/\/www\.exemplo\.com\.br\/entrar\/convite\?token=[\w-]{43})/.exec(run.stdout)?.[1];
    const code = /^código do convite: (\d{6})$/m.exec(run.stdout)?.[1];
    const repository = openSqlite(dataDir);
    try {
      const { app } = createTestApp({ repository });
      const token = new URL(link!).searchParams.get('token')!;
      const alone = await request(app).post('/entrar/convite').type('form').send({ token });
      const withCode = await request(app).post('/entrar/convite').type('form').send({ token, code });

      expect(run.status, run.stderr).toBe(0);
      expect(link).toBeDefined();
      expect(code).toBeDefined();
      // The code is on a line of its own, never in the link.
      expect(link).not.toContain(code);
      expect(alone.status).toBe(400);
      expect(sessionCookieOf(alone)).toBeUndefined();
      expect(withCode.status).toBe(303);
      expect(sessionCookieOf(withCode)).toBeDefined();
    } finally {
      await repository.close();
    }
  });

  it('without PUBLIC_URL says so in one line, naming it and the fix, and exits 1', async () => {
    const run = team(['invite', 'bruno@example.com', '--role', 'vendas'], { DATA_DIR: await siteDataDir() });

    expect(run.status).toBe(1);
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^PUBLIC_URL não está definida: .*Defina PUBLIC_URL/);
  });

  it('where the site has no database says so in one line, naming DATA_DIR, and exits 1', () => {
    const run = team(['list'], { DATA_DIR: path.join(tempDir(), 'nada') });

    expect(run.status).toBe(1);
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^nenhum banco de dados do site em .*defina DATA_DIR/);
  });

  it('SMTP_URL without LEADS_TO is named in one line, as the server does, and exits 1', async () => {
    const run = team(['list'], { DATA_DIR: await siteDataDir(), SMTP_URL: 'smtp://user:pass@mail.example.com:587' });

    expect(run.status).toBe(1);
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('LEADS_TO');
  });
});
