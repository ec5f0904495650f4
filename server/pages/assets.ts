import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IslandStylesheets } from '../../client/islands/names';
import type { PageHandle } from '../../client/routes';

/** Written by scripts/build.ts: the hashed URLs of what each page loads. */
export type Manifest = {
  /** The whole stylesheet, inlined into every page, and its hash for the CSP. */
  css: { text: string; hash: string };
  scripts: Record<PageHandle['script'], string>;
  /** Stylesheets an island needs only once it is awake (the contact form's toasts). */
  islandStylesheets: IslandStylesheets;
  /** Per page script, the chunks it imports on demand: fetched ahead a while after load. */
  prefetch: Record<PageHandle['script'], string[]>;
};

export const ASSET_PREFIX = '/assets';

export const buildPaths = {
  assets: path.resolve('dist/client/assets'),
  manifest: path.resolve('dist/client/manifest.json'),
  /** public/ as the build copied it, with its precompressed variants. */
  public: path.resolve('dist/client/public'),
};

export function readManifest(file = buildPaths.manifest): Manifest {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`Sem build do site em ${file}: rode "npm run build" primeiro.`, { cause: error });
  }
}
