import { mkdir, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { clientOptions, manifestFrom, outDir, serverOptions } from './build-options';

/** The production build: hashed client assets with their manifest, and the bundled server. */
export async function buildSite() {
  await rm(outDir, { recursive: true, force: true });
  const [client] = await Promise.all([build(clientOptions), build(serverOptions)]);
  await mkdir(`${outDir}/client`, { recursive: true });
  await writeFile(`${outDir}/client/manifest.json`, JSON.stringify(manifestFrom(client.metafile), null, 2));
}

if (import.meta.main) {
  await buildSite();
  console.log(`build pronto em ${outDir}/`);
}
