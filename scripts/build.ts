import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';
import {
  clientDir,
  clientOptions,
  inlinedOutputs,
  manifestFrom,
  municipalitiesAsset,
  outDir,
  serverOptions,
} from './build-options';
import { copyNativeModules } from './native-modules';
import { spriteAsset } from './sprite';
import { trimSourceMap } from './trim-source-map';

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt|xml|map)$/;

/** Brotli at its highest quality and gzip beside every text asset, served by Accept-Encoding. */
async function precompress(dir: string) {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter(
    (entry) => entry.isFile() && COMPRESSIBLE.test(entry.name),
  );
  await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        promisify(brotliCompress)(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        promisify(gzip)(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

export const copyPublic = () => cp('public', `${clientDir}/public`, { recursive: true });

/** The IBGE municipalities as the quote form's combobox fetches them, beside the other hashed assets. */
export async function writeMunicipalities() {
  const { file, content } = municipalitiesAsset();
  await mkdir(`${clientDir}/assets`, { recursive: true });
  await writeFile(`${clientDir}/assets/${file}`, content);
}

/** The icons' sprite (scripts/sprite.ts), beside the other hashed assets. */
export async function writeSprite() {
  const { file, content } = spriteAsset();
  await mkdir(`${clientDir}/assets`, { recursive: true });
  await writeFile(`${clientDir}/assets/${file}`, content);
}

/**
 * The IBGE municipalities with their coordinates, beside the built server (server/freight/places.ts
 * reads them there): a quote's distance is measured on them, and the image ships dist/ alone.
 */
const copyIbge = async () => {
  const dir = `${serverOptions.outdir}/ibge`;
  await mkdir(dir, { recursive: true });
  await Promise.all(['municipios.csv', 'estados.csv'].map((file) => cp(`datasets/ibge/${file}`, `${dir}/${file}`)));
};

/** The production build: hashed client assets, public files, the manifest and the bundled server. */
export async function buildSite() {
  await rm(outDir, { recursive: true, force: true });
  const [client] = await Promise.all([
    build(clientOptions),
    build(serverOptions).then(() =>
      Promise.all(
        Object.keys(serverOptions.entryPoints).map((name) => trimSourceMap(`${serverOptions.outdir}/${name}.js.map`)),
      ),
    ),
  ]);
  await mkdir(clientDir, { recursive: true });
  await writeFile(`${clientDir}/manifest.json`, JSON.stringify(manifestFrom(client.metafile), null, 2));
  // The stylesheet and the page scripts now live inside the manifest; no page links to their files.
  await Promise.all(inlinedOutputs(client.metafile).map((file) => rm(file)));
  await copyPublic();
  await writeMunicipalities();
  await writeSprite();
  await copyIbge();
  await copyNativeModules(outDir);
  await precompress(clientDir);
  // The bundle is an ES module; this says so where it runs without the project's package.json (the image).
  await writeFile(`${serverOptions.outdir}/package.json`, '{ "type": "module" }\n');
}

if (import.meta.main) {
  await buildSite();
  console.log(`build pronto em ${outDir}/`);
}
