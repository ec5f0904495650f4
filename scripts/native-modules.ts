import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The packages the server's bundle leaves out (scripts/build-options.ts, `external`) that it loads. */
const NATIVE = ['sharp'];

/**
 * A package's folder, looked for from `from` along Node's node_modules folders (its package.json
 * need not be exported), or undefined when it is not installed: an optional dependency for another
 * platform, such as sharp's darwin or win32 binaries.
 */
const folderOf = (name: string, from: string) =>
  createRequire(from)
    .resolve.paths(name)
    ?.map((modules) => path.join(modules, name))
    .find((folder) => existsSync(path.join(folder, 'package.json')));

/**
 * Copies `NATIVE` and what each depends on, as installed for this platform (sharp's libvips for
 * linux-x64 under @img/), into `target`/node_modules: the image ships dist/ alone, and a bundle
 * cannot carry a native library (sharp loads its own by path).
 */
export async function copyNativeModules(target: string) {
  const seen = new Set<string>();
  const visit = async (name: string, from: string): Promise<void> => {
    const folder = folderOf(name, from);
    if (!folder || seen.has(name)) return;
    seen.add(name);
    const manifest = JSON.parse(await readFile(path.join(folder, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    await cp(folder, path.join(target, 'node_modules', name), { recursive: true, dereference: true });
    const next = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})];
    await Promise.all(next.map((dependency) => visit(dependency, path.join(folder, 'package.json'))));
  };
  await Promise.all(NATIVE.map((name) => visit(name, path.resolve('package.json'))));
  return [...seen];
}
