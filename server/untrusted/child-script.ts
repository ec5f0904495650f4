import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ChildName } from '../../scripts/child-bundle';

export type { ChildName };

const bundled = new Map<ChildName, Promise<string>>();

/**
 * A child's script bundled from the sources, once per process, by esbuild in a process of its own
 * (scripts/child-bundle.ts): a test's environment may hold a realm in which esbuild refuses to run.
 */
function bundle(name: ChildName) {
  // Paths, not URL objects: a test's environment may replace the global URL with a DOM's.
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const built =
    bundled.get(name) ??
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/child-bundle.ts', name], { cwd: root }).then(
      ({ stdout }) => stdout.trim(),
    );
  bundled.set(name, built);
  return built;
}

/**
 * The script a child runs. Built, it is the bundle beside the server's own (dist/server/NAME.js).
 * From the sources (npm run dev, the tests) it is bundled on first use: through tsx a child that
 * loads pdf.js starts in 6 s and holds 400 MB, far past its cap, where the bundle holds 85 MB.
 */
export async function childScript(name: ChildName): Promise<string> {
  if (!import.meta.url.endsWith('.ts')) return path.join(path.dirname(fileURLToPath(import.meta.url)), `${name}.js`);
  return bundle(name);
}
