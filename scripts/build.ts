import { mkdir, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { clientOptions, manifestFrom, outDir, serverOptions } from './build-options';

await rm(outDir, { recursive: true, force: true });
const [client] = await Promise.all([build(clientOptions), build(serverOptions)]);
await mkdir(`${outDir}/client`, { recursive: true });
await writeFile(`${outDir}/client/manifest.json`, JSON.stringify(manifestFrom(client.metafile), null, 2));
console.log(`build pronto em ${outDir}/`);
