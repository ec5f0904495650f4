import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { stopProcess, whenExited } from './server-process';
import { eventually } from './wait';

export const SHIPPED_SITE_CONF = 'deploy/nginx/site.conf';

/** `text` with `from` replaced by `to`; throws if the shipped file no longer says `from`. */
const fill = (text: string, from: string, to: string) => {
  if (!text.includes(from)) throw new Error(`${SHIPPED_SITE_CONF} não contém mais "${from}"`);
  return text.replace(from, to);
};

/**
 * Debian's nginx running the shipped site configuration, with only the replicas' addresses and the
 * port filled in, inside a throwaway prefix that holds what nginx writes (pid, logs, temp files).
 * Call it inside a test, which stops nginx when done.
 */
export async function startNginx({ replicas, port }: { replicas: [string, string]; port: number }) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'site-nginx-'));
  let site = readFileSync(SHIPPED_SITE_CONF, 'utf8');
  site = fill(site, 'server app1:3000 ', `server ${replicas[0]} `);
  site = fill(site, 'server app2:3000 ', `server ${replicas[1]} `);
  site = fill(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  writeFileSync(path.join(prefix, 'site.conf'), site);
  const temp = (name: string) => {
    mkdirSync(path.join(prefix, name));
    return path.join(prefix, name);
  };
  // As the official image's nginx.conf does around conf.d/*.conf; run as root, the workers stay root
  // so that they may write in this prefix.
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${prefix}/site.conf;
}
`,
  );
  const child = spawn(
    'nginx',
    ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`, '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = whenExited(child);
  onTestFinished(async () => {
    await stopProcess(child, exited);
  });
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`nginx saiu (${child.exitCode}): ${stderr}`);
    await new Promise<void>((resolve, reject) =>
      net
        .connect(port, '127.0.0.1')
        .on('connect', function (this: net.Socket) {
          this.destroy();
          resolve();
        })
        .on('error', reject),
    );
  }, 10_000);
  return { url: `http://127.0.0.1:${port}`, errorLog: () => readFileSync(path.join(prefix, 'error.log'), 'utf8') };
}
