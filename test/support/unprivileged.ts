import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { BuiltUser } from '../../scripts/launch/serve-built';

/** Debian's nobody, whom root hands the process to: uid and gid 65534, in no group of ours. */
const NOBODY = { uid: 65534, gid: 65534 };

/** Whether nobody may run this Node on the build where it lies (not so in a checkout under /root, say). */
const nobodyReaches = () =>
  spawnSync(process.execPath, ['-e', 'require("fs").accessSync("dist/server/index.js")'], NOBODY).status === 0;

/**
 * Who the built server runs as in the tests of what a process may not do: this suite's user, or,
 * when the suite runs as root (which writes and enters anywhere), nobody, as the image runs an
 * unprivileged user. Where nobody cannot reach the checkout, the build and this Node are copied
 * for it to a folder it may read, once per file, removed after it. Call it at a describe's top level.
 */
export function unprivilegedUser() {
  const root = process.getuid?.() === 0;
  let copy: string | undefined;
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });
  return {
    uid: root ? NOBODY.uid : process.getuid!(),
    gid: root ? NOBODY.gid : process.getgid!(),
    /** How spawnBuilt runs the server as that user. */
    spawnAs(): BuiltUser {
      if (!root) return {};
      if (!copy && !nobodyReaches()) {
        // Right under /tmp: the run's own temporary folder is closed to other users.
        copy = mkdtempSync('/tmp/site-nobody-');
        chmodSync(copy, 0o755);
        cpSync('dist', path.join(copy, 'dist'), { recursive: true });
        copyFileSync(process.execPath, path.join(copy, 'node'));
        chmodSync(path.join(copy, 'node'), 0o755);
      }
      return copy ? { ...NOBODY, cwd: copy, node: path.join(copy, 'node') } : NOBODY;
    },
  };
}
