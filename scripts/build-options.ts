import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BuildOptions, Metafile } from 'esbuild';
import type { IslandName } from '../client/islands/names';
import type { PageScript } from '../client/routes';
import { ASSET_PREFIX, inlinedCode, type Manifest } from '../server/pages/assets';
import { municipalitiesFromCsv } from '../shared/municipalities';
import { spriteAsset } from './sprite';

export const outDir = 'dist';
export const clientDir = `${outDir}/client`;

const clientEntries = {
  landing: 'client/entry.ts',
  notFound: 'client/not-found.ts',
  stylesheet: 'client/styles.css',
  toasts: 'client/toasts.css',
  quoteStylesheet: 'client/quote.css',
  team: 'client/team/passkeys.ts',
  teamStylesheet: 'client/team/team.css',
  driver: 'client/driver/offline.ts',
} as const;

export const clientOptions = {
  entryPoints: {
    entry: clientEntries.landing,
    'not-found': clientEntries.notFound,
    styles: clientEntries.stylesheet,
    toasts: clientEntries.toasts,
    quote: clientEntries.quoteStylesheet,
    team: clientEntries.team,
    'team-styles': clientEntries.teamStylesheet,
    driver: clientEntries.driver,
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
  // The page scripts are inlined into the HTML, where a relative import would resolve against
  // the page's address: every import names its chunk from the root.
  publicPath: ASSET_PREFIX,
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  // Copy stays readable UTF-8 (smaller than \u escapes, and searchable by the size check).
  charset: 'utf8',
  metafile: true,
} satisfies BuildOptions;

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export const serverOptions = {
  // The server, and beside it the children that judge untrusted files in a capped process
  // (server/untrusted/child-script.ts): pdf.js and sharp are loaded only there, while they read one.
  entryPoints: {
    index: 'server/index.ts',
    'cv-child': 'server/applications/cv-child.ts',
    'image-child': 'server/untrusted/image-child.ts',
  },
  outdir: `${outDir}/server`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  jsx: 'automatic',
  // Dependencies are bundled too, so the image needs no node_modules but sharp's (its native libvips,
  // which a bundle cannot carry: scripts/native-modules.ts copies it beside dist/). pg's optional
  // native binding is never installed (pg loads it only when asked for pg.native).
  external: ['pg-native', 'sharp'],
  // CommonJS dependencies call require(); an ES module has none of its own.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  // A production build: React and the other dependencies keep only their production code.
  // The version the start-up line reports (server/process/start-report.ts).
  define: { 'process.env.NODE_ENV': '"production"', 'process.env.SITE_VERSION': JSON.stringify(version) },
  // Stack traces in the logs name our TypeScript files and lines (node --enable-source-maps, see
  // PRODUCTION_NODE_OPTIONS); the sources themselves need not ship.
  sourcemap: true,
  sourcesContent: false,
} satisfies BuildOptions;

/**
 * An SVG as a data: URL: every character that is not a URL code point (WHATWG URL), spaces
 * included, and those a URL or an HTML attribute gives a meaning to (`#`, `%`, `"`, `&`), are
 * percent-encoded, so the Nu Html Checker finds the URL valid, as browsers already read it.
 * It compresses to about half of what base64 would; the SVG quotes its attributes with ' (a URL
 * code point) rather than " (%22), which keeps the first flight within budget.
 */
export const svgDataUrl = (svg: string) =>
  `data:image/svg+xml,${svg.trim().replace(/[^\w\-.~!$'()*+,;=:@/?]+/g, (run) => encodeURIComponent(run))}`;

/** Each island's module: a page fetches ahead only the code of the islands it holds. */
const ISLAND_MODULES: Record<IslandName, string> = {
  menu: 'client/islands/HeaderMenu.tsx',
  contact: 'client/islands/ContactIsland.tsx',
  quote: 'client/islands/QuoteIsland.tsx',
  application: 'client/islands/ApplicationIsland.tsx',
};

/**
 * The islands on the pages of each page script. The landing page, /cotacao and the application form
 * run the same script (client/entry.ts, which can wake any island), but "/" never fetches the quote
 * form's code, nor /cotacao the contact form's.
 */
const PAGE_ISLANDS: Record<PageScript, IslandName[]> = {
  landing: ['menu', 'contact'],
  quote: ['quote'],
  application: ['application'],
  notFound: [],
};

/**
 * The IBGE municipalities (datasets/ibge/) as the compact asset the quote form's combobox fetches and the
 * server resolves places from: its hashed name under /assets and its bytes.
 */
export function municipalitiesAsset() {
  const list = municipalitiesFromCsv(
    readFileSync('datasets/ibge/municipios.csv', 'utf8'),
    readFileSync('datasets/ibge/estados.csv', 'utf8'),
  );
  const content = JSON.stringify(list);
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 8).toUpperCase();
  return { file: `municipios-${hash}.json`, content };
}

/** The output file esbuild wrote for an entry point. */
const outputOf = (metafile: Metafile, entry: string) => {
  const output = Object.entries(metafile.outputs).find(([, meta]) => meta.entryPoint === entry)?.[0];
  if (!output) throw new Error(`esbuild não gerou saída para ${entry}`);
  return output;
};

/** The outputs the pages carry inline: no page links to these files, so the build removes them. */
export const inlinedOutputs = (metafile: Metafile) =>
  [clientEntries.stylesheet, clientEntries.landing, clientEntries.notFound].map((entry) => outputOf(metafile, entry));

/**
 * A page script as the page carries it: a classic inline script, allowed by its hash. It may
 * import its chunks on demand only (a classic script has no static imports), and must not
 * contain "<script", which React would escape, changing the bytes the hash was taken of.
 */
function inlinedScript(metafile: Metafile, entry: string) {
  const output = outputOf(metafile, entry);
  const staticImports = metafile.outputs[output]!.imports.filter((imported) => imported.kind !== 'dynamic-import');
  if (staticImports.length > 0) throw new Error(`${entry} importa estaticamente e não pode ser embutido`);
  const text = readFileSync(output, 'utf8').trim();
  if (/<\/?script/i.test(text)) throw new Error(`${entry} contém "<script" e não pode ser embutido`);
  // In a function, strict as the module it was built as: its names stay out of the page's globals.
  return inlinedCode(`(()=>{"use strict";${text}\n})();`);
}

/**
 * What the pages need from the build: the stylesheet and the page scripts, small enough to be
 * inlined (no request before the first paint), with their CSP hashes; the public URLs of the
 * rest. An island's own stylesheet is fetched when the island wakes.
 */
export function manifestFrom(metafile: Metafile): Manifest {
  const publicUrl = (output: string) => output.replace(clientDir, '');
  const urlOf = (entry: string) => publicUrl(outputOf(metafile, entry));
  const landing = inlinedScript(metafile, clientEntries.landing);
  const chunksOf = (page: PageScript, entry: string) =>
    importedBy(metafile, outputOf(metafile, entry), PAGE_ISLANDS[page]).map(publicUrl);
  return {
    // The stylesheet, then the sprite's name and the place of each of its icons (scripts/sprite.ts).
    css: inlinedCode(readFileSync(outputOf(metafile, clientEntries.stylesheet), 'utf8').trim() + spriteAsset().css),
    favicon: svgDataUrl(readFileSync('public/favicon.svg', 'utf8')),
    scripts: {
      landing,
      quote: landing,
      application: landing,
      notFound: inlinedScript(metafile, clientEntries.notFound),
    },
    islandStylesheets: { contact: urlOf(clientEntries.toasts), quote: urlOf(clientEntries.quoteStylesheet) },
    team: { script: urlOf(clientEntries.team), stylesheet: urlOf(clientEntries.teamStylesheet) },
    driver: { script: urlOf(clientEntries.driver) },
    municipalities: `${ASSET_PREFIX}/${municipalitiesAsset().file}`,
    chunks: {
      landing: chunksOf('landing', clientEntries.landing),
      quote: chunksOf('quote', clientEntries.landing),
      application: chunksOf('application', clientEntries.landing),
      notFound: chunksOf('notFound', clientEntries.notFound),
    },
  };
}

/**
 * Every chunk an output loads, statically or on demand, directly or through another chunk, but for
 * the islands other than `islands` and what only they load.
 */
function importedBy(metafile: Metafile, output: string, islands: IslandName[]): string[] {
  const others = new Set(
    Object.entries(ISLAND_MODULES).flatMap(([name, module]) => (islands.includes(name as IslandName) ? [] : [module])),
  );
  const found = new Set<string>();
  const visit = (file: string) => {
    for (const { path } of metafile.outputs[file]?.imports ?? []) {
      const entryPoint = metafile.outputs[path]?.entryPoint;
      if (found.has(path) || !metafile.outputs[path] || (entryPoint && others.has(entryPoint))) continue;
      found.add(path);
      visit(path);
    }
  };
  visit(output);
  return [...found];
}
