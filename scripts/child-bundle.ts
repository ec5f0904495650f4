import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverOptions } from './build-options';

/**
 * Under node_modules, so that what a child leaves out of its bundle (sharp, with its native parts)
 * resolves from there as it does beside the built server; named by content, so that the processes
 * of a test run share one file per version of a child and never write one another's.
 */
const CACHE = fileURLToPath(new URL('../node_modules/.cache/untrusted-children', import.meta.url));

/** The children the build writes beside the server: every entry but the server's own. */
export type ChildName = Exclude<keyof typeof serverOptions.entryPoints, 'index'>;

async function bundle(name: ChildName) {
  const { outputFiles } = await build({
    ...serverOptions,
    entryPoints: { [name]: serverOptions.entryPoints[name] },
    outdir: CACHE,
    sourcemap: false,
    write: false,
    logLevel: 'error',
  });
  const code = outputFiles.find((file) => file.path.endsWith('.js'))!.contents;
  const file = path.join(CACHE, createHash('sha256').update(code).digest('hex').slice(0, 16), `${name}.js`);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, code);
  await rename(partial, file);
  return file;
}

/** Bundles the child named on the command line and prints its script's path (server/untrusted/child-script.ts). */
if (import.meta.main) console.log(await bundle(process.argv[2] as ChildName));
