import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BuildOptions, Metafile } from 'esbuild';
import type { Manifest } from '../server/pages/assets';

export const outDir = 'dist';
export const clientDir = `${outDir}/client`;

const clientEntries = {
  landing: 'client/entry.ts',
  notFound: 'client/not-found.ts',
  stylesheet: 'client/styles.css',
  toasts: 'client/toasts.css',
} as const;

export const clientOptions = {
  entryPoints: {
    entry: clientEntries.landing,
    'not-found': clientEntries.notFound,
    styles: clientEntries.stylesheet,
    toasts: clientEntries.toasts,
  },
  outdir: `${clientDir}/assets`,
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2022', 'chrome111', 'safari16.4', 'firefox114'],
  minify: true,
  jsx: 'automatic',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  // Copy stays readable UTF-8 (smaller than \u escapes, and searchable by the size check).
  charset: 'utf8',
  metafile: true,
} satisfies BuildOptions;

export const serverOptions = {
  entryPoints: ['server/index.ts'],
  outfile: `${outDir}/server/index.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  jsx: 'automatic',
  // Dependencies are bundled too, so the image needs no node_modules: one file runs the server.
  // pg's optional native binding is never installed (pg loads it only when asked for pg.native).
  external: ['pg-native'],
  // CommonJS dependencies call require(); an ES module has none of its own.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  // A production build: React and the other dependencies keep only their production code.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Stack traces in the logs name our TypeScript files and lines (node --enable-source-maps, see
  // PRODUCTION_NODE_OPTIONS); the sources themselves need not ship.
  sourcemap: true,
  sourcesContent: false,
} satisfies BuildOptions;

/**
 * Maps each script entry to its hashed public URL. The stylesheet is small enough to be
 * inlined into the page (no render-blocking request), so its text and CSP hash go here;
 * an island's own stylesheet is fetched when the island wakes.
 */
const outputOf = (metafile: Metafile, entry: string) => {
  const output = Object.entries(metafile.outputs).find(([, meta]) => meta.entryPoint === entry)?.[0];
  if (!output) throw new Error(`esbuild não gerou saída para ${entry}`);
  return output;
};

export const inlinedStylesheet = (metafile: Metafile) => outputOf(metafile, clientEntries.stylesheet);

export function manifestFrom(metafile: Metafile): Manifest {
  const publicUrl = (output: string) => output.replace(clientDir, '');
  const urlOf = (entry: string) => publicUrl(outputOf(metafile, entry));
  const css = readFileSync(inlinedStylesheet(metafile), 'utf8').trim();
  return {
    css: { text: css, hash: `sha256-${createHash('sha256').update(css).digest('base64')}` },
    scripts: { landing: urlOf(clientEntries.landing), notFound: urlOf(clientEntries.notFound) },
    islandStylesheets: { contact: urlOf(clientEntries.toasts) },
    prefetch: {
      landing: importedBy(metafile, outputOf(metafile, clientEntries.landing)).map(publicUrl),
      notFound: importedBy(metafile, outputOf(metafile, clientEntries.notFound)).map(publicUrl),
    },
  };
}

/** Every chunk an output loads, statically or on demand, directly or through another chunk. */
function importedBy(metafile: Metafile, output: string): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    for (const { path } of metafile.outputs[file]?.imports ?? []) {
      if (found.has(path) || !metafile.outputs[path]) continue;
      found.add(path);
      visit(path);
    }
  };
  visit(output);
  return [...found];
}
