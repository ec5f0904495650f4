import { describe, expect, it } from 'vitest';
import { spawnServer } from '../test/support/server-process';

function runUntilExit(env: Record<string, string>) {
  const child = spawnServer(env);
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
  ])('exits 1 before listening when %s=%s, with one line naming it', async (name, value) => {
    const { code, stderr, stdout } = await runUntilExit({ [name]: value });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(name)]);
    expect(stdout).not.toContain('servidor no ar');
  });
});
