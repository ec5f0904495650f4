import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Agent, request } from 'node:http';
import { expect, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { SESSION_COOKIE } from '../../server/team/sessions';
import { dockerfile } from './dockerfile';
import { startProxy } from './proxy';
import { type RunningServer, stopProcess, tempDataDir, whenServing } from './server-process';
import { freePort } from './wait';

/** The replicas' environment in deploy/compose.yaml: the settings that are literal there (not ${…}). */
const composeEnv = Object.fromEntries(
  Object.entries(
    (parse(readFileSync('deploy/compose.yaml', 'utf8')) as { 'x-app': { environment: Record<string, string> } })[
      'x-app'
    ].environment,
  ).filter(([, value]) => !value.includes('${')),
);

/**
 * The deploy kit on loopback: two replicas of the built server, started as the image starts them
 * with compose.yaml's settings and `env`, behind Debian's HAProxy running the shipped configuration
 * on `proxyPort` (a free one if not given). Call it inside a test, which stops them all when done.
 */
export async function startFleet(env: Record<string, string>, proxyPort?: number) {
  const ports = [await freePort(), await freePort()] as const;
  const start = async (index: 0 | 1) => {
    const dataDir = tempDataDir();
    const child = spawn(process.execPath, dockerfile.cmd.slice(1), {
      env: {
        PATH: process.env.PATH,
        ...dockerfile.runtimeEnv,
        ...composeEnv,
        HOST: '127.0.0.1',
        PORT: String(ports[index]),
        DATA_DIR: dataDir,
        ...env,
      },
    });
    const replica = await whenServing(child, `http://127.0.0.1:${ports[index]}`, dataDir);
    onTestFinished(async () => {
      await stopProcess(child, replica.exited);
    });
    return replica;
  };
  // One after the other: on a busy machine two starts side by side can each outlast the 30 s wait.
  const replicas: RunningServer[] = [await start(0), await start(1)];
  const proxy = await startProxy({
    replicas: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`],
    port: proxyPort ?? (await freePort()),
  });
  return {
    /** The replicas as they run now: a restart replaces its entry. */
    replicas,
    proxy,
    /**
     * A rolling restart: each replica stopped (SIGTERM, its drain, exit 0) and started again, the
     * next one only once the proxy's checks have put this one back (docs/requirements.md §10.7.1).
     */
    async restartInTurn() {
      for (const index of [0, 1] as const) {
        replicas[index]!.child.kill('SIGTERM');
        expect(await replicas[index]!.exited).toBe(0);
        replicas[index] = await start(index);
        await proxy.whenReplica(`app${index + 1}`, 'UP');
      }
    },
  };
}

type Reply = { status: number; location?: string; cookie?: string; etag?: string; body: string };

type Sent = {
  cookie?: string;
  /** A form post's fields, sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** An API call's body, sent as application/json. */
  json?: object;
  /** More headers: Authorization, If-Match. */
  headers?: Record<string, string>;
  id?: string;
  agent?: Agent;
  /** The loopback address to connect from (127.0.0.2…): a client of its own as the proxy sees it. */
  from?: string;
};

/**
 * One request as a browser (or a CRM) on the site's address would send it: to `base` (the proxy,
 * or one replica directly) with the Host, Origin and Sec-Fetch-Site of `site` (http://localhost:PORT),
 * an X-Request-Id to find it in the replicas' logs, and the session cookie if any.
 */
export function send(
  base: string,
  site: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  { cookie, form, json, headers: more, id, agent, from }: Sent = {},
) {
  const body = form ? new URLSearchParams(form).toString() : json ? JSON.stringify(json) : undefined;
  const headers: Record<string, string> = { Host: new URL(site).host, 'Sec-Fetch-Site': 'same-origin' };
  if (method !== 'GET') headers.Origin = site;
  if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  if (json) headers['Content-Type'] = 'application/json';
  if (cookie) headers.Cookie = cookie;
  if (id) headers['X-Request-Id'] = id;
  Object.assign(headers, more);
  return new Promise<Reply>((resolve, reject) => {
    request(`${base}${path}`, { method, headers, agent: agent ?? false, localAddress: from }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          cookie: res.headers['set-cookie']?.find((line) => line.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0],
          etag: res.headers.etag,
          body: text,
        }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end(body);
  });
}
