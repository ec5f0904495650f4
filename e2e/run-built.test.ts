import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../test/support/server-process';

/** The first `node` on PATH outside this project whose major version is below 24, if the machine has one. */
function olderNode() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    try {
      const file = path.join(dir, 'node');
      const version = execFileSync(file, ['--version'], { encoding: 'utf8' }).trim();
      if (Number(/^v(\d+)/.exec(version)?.[1]) < 24) return { file, version };
    } catch {
      // No node in this folder.
    }
  }
  return undefined;
}

const older = olderNode();
if (!older) console.info('run-built: no Node older than 24 on PATH; the version check is not tried');

describe('the built server run without Docker', () => {
  it.skipIf(!older)('stops on an older Node with one line naming the version it needs', () => {
    let stderr = '';
    let status: number | null = 0;
    try {
      execFileSync(older!.file, ['dist/server/index.js'], {
        env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: tempDataDir() },
        stdio: 'pipe',
      });
    } catch (error) {
      ({ stderr, status } = error as { stderr: Buffer; status: number | null } & { stderr: never });
      stderr = String(stderr);
    }
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/Node\.js 24 ou mais novo.*este é o v\d+/)]);
    expect(stderr).toContain(older!.version);
  });
});
