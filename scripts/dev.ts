// Development: rebuilds the client on change and restarts the server (tsx watch), with readable logs.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { context } from 'esbuild';
import { copyPublic, writeMunicipalities, writeSprite } from './build';
import { clientOptions, manifestFrom, outDir } from './build-options';

const client = await context({
  ...clientOptions,
  plugins: [
    {
      name: 'manifest',
      setup(build) {
        build.onEnd(async (result) => {
          if (!result.metafile) return;
          await mkdir(`${outDir}/client`, { recursive: true });
          await writeFile(`${outDir}/client/manifest.json`, JSON.stringify(manifestFrom(result.metafile), null, 2));
        });
      },
    },
  ],
});
await copyPublic();
await writeMunicipalities();
await writeSprite();
await client.rebuild();
await client.watch();

// No proxy routes to a development server: a restart need not drain.
const server = spawn('tsx', ['watch', '--clear-screen=false', 'server/index.ts'], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { SHUTDOWN_DRAIN_MS: '0', ...process.env },
});
const pretty = spawn('pino-pretty', ['--translateTime', 'SYS:HH:MM:ss'], { stdio: ['pipe', 'inherit', 'inherit'] });
server.stdout.pipe(pretty.stdin);

const stop = async () => {
  server.kill('SIGTERM');
  await client.dispose();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
