import { describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/schema';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { spawnServer } from '../../test/support/server-process';
import { needs } from '../../test/support/tools';

/** Collects what a spawned server prints until it exits. */
function outcome(child: ReturnType<typeof spawnServer>) {
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => (stdout += chunk));
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr, stdout })),
  );
}

describe('the server process with bad configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['TRUST_PROXY', 'maybe'],
    ['RATE_LIMIT_PER_MINUTE', 'cinco'],
    ['PUBLIC_URL', 'exemplo'],
    ['WEBHOOK_SECRET', 'whsec_curto'],
    ['RETENTION_DAYS', 'um ano'],
  ])('exits 1 before listening when %s=%s, with one line naming it', async (name, value) => {
    const { code, stderr, stdout } = await outcome(spawnServer({ [name]: value }));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(name)]);
    expect(stderr).not.toContain(value);
    expect(stdout).not.toContain('servidor no ar');
  });
});

describe('the server process on a schema newer than its code', needs('postgres'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('exits 1 with one line naming both versions', async () => {
    await store.open();
    const newer = migrations.length + 1;
    await store.admin.query(`INSERT INTO ${store.schema}.schema_migrations (version, applied_at) VALUES ($1, now())`, [
      newer,
    ]);
    const { code, stderr, stdout } = await outcome(spawnServer({ DATABASE_URL: store.url }));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringContaining(`versão ${newer} do esquema, mais nova que a ${migrations.length}`),
    ]);
    expect(stdout).not.toContain('servidor no ar');
  });
});
