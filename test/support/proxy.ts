import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { stopProcess, whenExited } from './server-process';
import { eventually } from './wait';

export const SHIPPED_PROXY_DIR = 'deploy/haproxy';
const SHIPPED_PROXY_CONF = `${SHIPPED_PROXY_DIR}/haproxy.cfg`;
/** Where compose.yaml mounts the folder above in the proxy's container. */
export const PROXY_CONF_IN_CONTAINER = '/usr/local/etc/haproxy';

/** `text` with every `from` replaced by `to`; throws if the shipped file no longer says `from`. */
const fill = (text: string, from: string, to: string) => {
  if (!text.includes(from)) throw new Error(`${SHIPPED_PROXY_CONF} não contém mais "${from}"`);
  return text.replaceAll(from, to);
};

/**
 * Debian's HAProxy running the shipped configuration, with only the replicas' addresses, the port
 * and the error files' folder filled in; with `tls`, HTTPS on its port with that PEM, as compose runs
 * it (TLS_CERTIFICATE), the runtime socket in a folder of its own. Call it inside a test, which stops
 * HAProxy when done.
 */
export async function startProxy({
  replicas,
  port,
  tls,
}: {
  replicas: [string, string];
  port: number;
  tls?: { port: number; certificate: string };
}) {
  let conf = readFileSync(SHIPPED_PROXY_CONF, 'utf8');
  conf = fill(conf, ' app1:3000', ` ${replicas[0]}`);
  conf = fill(conf, ' app2:3000', ` ${replicas[1]}`);
  conf = fill(conf, 'bind :80\n', `bind 127.0.0.1:${port}\n`);
  conf = fill(conf, PROXY_CONF_IN_CONTAINER, path.resolve(SHIPPED_PROXY_DIR));
  const folder = mkdtempSync(path.join(tmpdir(), 'site-proxy-'));
  if (tls) {
    conf = fill(conf, 'bind :443 ', `bind 127.0.0.1:${tls.port} `);
    conf = fill(conf, '/var/lib/haproxy/', `${folder}/`);
  }
  const file = path.join(folder, 'haproxy.cfg');
  writeFileSync(file, conf);
  const env = tls ? { ...process.env, TLS_CERTIFICATE: tls.certificate } : process.env;
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = whenExited(child);
  onTestFinished(async () => {
    await stopProcess(child, exited);
  });
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`haproxy saiu (${child.exitCode}): ${output}`);
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
  const log = () => output;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Its log so far: one line per request, and each change of a replica's state. */
    log,
    /** Resolves once HAProxy's checks have taken `replica` (app1, app2) out of rotation, or put it back. */
    whenReplica: (replica: string, state: 'UP' | 'DOWN') => whenReplica(log, replica, state),
  };
}

/** The state HAProxy last logged for `replica` (its checks start it UP), awaited in a log read by `log`. */
export function whenReplica(
  log: () => string | Promise<string>,
  replica: string,
  state: 'UP' | 'DOWN',
  timeoutMs = 30_000,
) {
  return eventually(async () => {
    const states = [...(await log()).matchAll(new RegExp(`Server pages/${replica} is (UP|DOWN)`, 'g'))];
    const last = states.at(-1)?.[1] ?? 'UP';
    if (last !== state) throw new Error(`o HAProxy ainda vê ${replica} ${last}, não ${state}`);
  }, timeoutMs);
}
