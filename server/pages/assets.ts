import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IslandStylesheets } from '../../client/islands/names';
import type { PageScript } from '../../client/routes';

/** Code the page carries inline, with the hash ('sha256-…') that allows it in the CSP. */
export type InlinedCode = { text: string; hash: string };

export const inlinedCode = (text: string): InlinedCode => ({
  text,
  hash: `sha256-${createHash('sha256').update(text).digest('base64')}`,
});

/** Written by scripts/build.ts: what each page inlines, and the hashed URLs of what it loads. */
export type Manifest = {
  /** The whole stylesheet, inlined into every page. */
  css: InlinedCode;
  /** Each page's script, inlined at the end of its body: it starts no request before the first paint. */
  scripts: Record<PageScript, InlinedCode>;
  /**
   * public/favicon.svg as a data: URL, which every page names as its icon: the browser asks for
   * no icon while the page loads (docs/performance.md, "What the first paint costs").
   */
  favicon: string;
  /** Stylesheets an island needs only once it is awake (the contact form's toasts). */
  islandStylesheets: IslandStylesheets;
  /** The team pages' own files (/entrar, /painel): linked, not inlined, since no visitor pays for them. */
  team: { script: string; stylesheet: string };
  /** The driver's page's offline island (docs/requirements.md §12.7). */
  driver: { script: string };
  /**
   * The IBGE municipalities, compact (datasets/ibge/, shared/municipalities.ts): fetched by the quote form's
   * combobox when its field is focused, and read by the server to resolve a quote's places.
   */
  municipalities: string;
  /**
   * Per page script, the chunks it can import on demand, for its islands: what the JavaScript
   * budget counts (bench/size-report.ts). The script imports them at the visitor's first sign of intent.
   */
  chunks: Record<PageScript, string[]>;
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
