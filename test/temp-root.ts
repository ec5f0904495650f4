import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What a test run writes to the temporary folder — databases, browser profiles, the copies of the
 * repository the image tests build from (0.7 GB each) — goes under one folder of this run, removed
 * when the run ends, so that runs do not fill /tmp. `os.tmpdir()` reads TMPDIR, and the workers and
 * every process a test spawns inherit it. Every project lists this file; the first one sets it up.
 */
export default function setup() {
  if (process.env.SITE_TEST_TMPDIR) return;
  const folder = mkdtempSync(path.join(tmpdir(), 'site-tests-'));
  process.env.SITE_TEST_TMPDIR = folder;
  process.env.TMPDIR = folder;
  return () => {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch (error) {
      // A file a container wrote as another user, say: the run still passed; say what is left.
      process.stderr.write(`Pasta temporária dos testes não removida: ${folder} (${(error as Error).message})\n`);
    }
  };
}
