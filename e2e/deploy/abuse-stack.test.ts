import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { rssMb } from '../../bench/proc-stats';
import { exportFlood } from '../../scripts/launch/export-flood';
import { applyOverHttp } from '../../test/support/applications';
import { docker } from '../../test/support/docker';
import { cvCarrying, cvPdf, pdfInObjectStream, pdfWithZipBomb } from '../../test/support/pdf';
import { deployKit } from '../../test/support/stack';
import { selfSigned } from '../../test/support/tls';
import { needs } from '../../test/support/tools';

// Hostile input, round four (issue 38), on the deploy kit as it ships: the image from the Dockerfile,
// deploy/compose.yaml with HAProxy in front of two replicas on PostgreSQL, HTTPS with a certificate of
// one's own (OWN_CERTIFICATE, so no CA is asked). What e2e/process/stalled-exports.test.ts and
// connections.test.ts check on one process, here through the real proxy and Docker's networking: 200
// stalled CSV exports (100 per replica) beside 30 admins who read, and 1,500 idle sockets on a replica
// reached directly; then PDF bombs among 20 CVs posted at once to a replica held to the kit's 320 MiB
// (docs/decisions/052-untrusted-files.md). Everything reaches the stack through ports published on
// 127.0.0.1.

const engine = needs('docker', 'openssl');

const DOMAIN = 'site.test';
const REPLICAS = ['app1', 'app2'] as const;
/**
 * 8,000 contacts of 4,000 characters: the issue's 33 MB export. It must be larger than what the
 * socket buffers between a replica and a client that reads nothing can take (about 20 MB: the
 * replica's send buffer, the proxy's on both sides, the client's receive buffer), or a replica's
 * stalled exports all leave into them, nothing stalls and nothing is cut: with a 16 MB export, one
 * replica cut none in a CI run (2026-11-27). Its rows are as long as the issue's, so a stalled export
 * held as much on the old code (a batch of 500 rows, 2 MB), and the replicas died alike.
 */
const CONTACTS = 8_000;
const STALLED = 200;
const READERS = 30;
const IDLE = 1_500;
const kit = deployKit('site-abuse');
const { image, compose } = kit;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

// The test's additions: its image, the proxy's HTTPS port and app1's own port on 127.0.0.1 (the
// kit publishes no replica: the idle sockets reach one directly, as the issue's did), the mail
// catcher's port not published at all.
const override = `services:
  app1: { image: ${image}, ports: ["127.0.0.1::3000"] }
  app2: { image: ${image} }
  proxy:
    ports: !override ["127.0.0.1::443"]
  mail:
    ports: !reset []
`;
/** The certificate the proxy serves (its own CA), once the stack is up; the proxy's port. */
const site = { ca: '', port: 0 };

/** What Docker says of a replica: its process on this host, whether it runs, and its restarts. */
async function replicaState(service: string) {
  const container = (await compose('ps', '-q', service)).trim();
  const [pid, running, restarts, oomKilled] = (
    await docker([
      'inspect',
      '-f',
      '{{.State.Pid}} {{.State.Running}} {{.RestartCount}} {{.State.OOMKilled}}',
      container,
    ])
  )
    .trim()
    .split(' ');
  return { pid: Number(pid), running: running === 'true', restarts: Number(restarts), oomKilled: oomKilled === 'true' };
}

/** The kit's memory limit for a replica's container (deploy/compose.yaml, as deploy/stack.yaml). */
const REPLICA_LIMIT_MB = 320;

/**
 * The anonymous memory of a container's processes, the replica and its file-judging children, in MB:
 * what its memory limit kills for (cached file pages are given back first). Read from the cgroup of
 * the process `pid` on this host, cgroup v1 (`total_rss`) or v2 (`anon`).
 */
function containerMemoryMb(pid: number) {
  const lines = readFileSync(`/proc/${pid}/cgroup`, 'utf8').split('\n');
  const v1 = lines.map((line) => /^\d+:memory:(.+)$/.exec(line)?.[1]).find(Boolean);
  const v2 = lines.map((line) => /^0::(.+)$/.exec(line)?.[1]).find(Boolean);
  const [file, field] = v1
    ? [`/sys/fs/cgroup/memory${v1}/memory.stat`, 'total_rss']
    : [`/sys/fs/cgroup${v2}/memory.stat`, 'anon'];
  return () => {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field} `))!;
    return Number(line.split(' ')[1]) / 1024 ** 2;
  };
}

/** Each replica's resident memory in MB, read from its process's /proc on this host (0 once it is gone). */
const rss = (pids: number[]) =>
  pids.map((pid) => {
    try {
      return rssMb(pid);
    } catch {
      return 0;
    }
  });

/** The JSON lines a replica logged for the export: how many were refused busy, how many cut. */
async function exportLines(service: string) {
  const lines = (await docker(['logs', (await compose('ps', '-q', service)).trim()]))
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; req?: { path?: string }; res?: { status?: number } })
    .filter(({ req }) => req?.path === '/api/contacts.csv');
  return {
    busy: lines.filter(({ res }) => res?.status === 503).length,
    cut: lines.filter(({ msg }) => msg === 'requisição interrompida').length,
  };
}

/** What app1 logged of CVs its child gave no answer for (server/applications/cv-check.ts), and how often. */
async function uncheckedCvs() {
  const counts: Record<string, number> = {};
  for (const line of (await docker(['logs', (await compose('ps', '-q', 'app1')).trim()])).split('\n')) {
    const msg = line.startsWith('{') ? (JSON.parse(line) as { msg?: string }).msg : undefined;
    if (msg?.startsWith('currículo não verificado')) counts[msg.slice(0, 80)] = (counts[msg.slice(0, 80)] ?? 0) + 1;
  }
  return counts;
}

/**
 * How the proxy logged the exports: per status and termination state (HAProxy's %tsc: "----" for a
 * response sent whole, "SD--" for one the server cut while sending, "CD--" for one the client did).
 */
async function proxiedExports() {
  const counts = new Map<string, number>();
  for (const line of (await docker(['logs', (await compose('ps', '-q', 'proxy')).trim()])).split('\n')) {
    const fields = line.split(' ');
    if (fields[10] !== '"/api/contacts.csv"') continue;
    const key = `${fields[5]} ${fields[7]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(', ');
}

/**
 * A socket to 127.0.0.1:`port` that asks GET /health once and stays open, idle. `answered` resolves,
 * once the reply or the close came, with whether a 200 came; `evicted` tells whether the server has
 * closed it since its 200.
 */
function idleSocket(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  let [served, closed] = [false, false];
  const answered = new Promise<boolean>((resolve) => {
    socket.once('data', (data) => {
      served = String(data).startsWith('HTTP/1.1 200');
      resolve(served);
    });
    socket.once('close', () => resolve(false));
  });
  socket.once('close', () => (closed = true));
  return { answered, evicted: () => served && closed, destroy: () => socket.destroy() };
}

/**
 * A new visitor: GET `url` on a connection of its own, 5 s at most, over HTTPS to the proxy when `url`
 * is https://; its status or its error, and its time.
 */
const visit = (url: string) =>
  new Promise<{ outcome: number | string; ms: number }>((resolve) => {
    const started = performance.now();
    const done = (outcome: number | string) => resolve({ outcome, ms: performance.now() - started });
    const secure = url.startsWith('https:');
    const options = { agent: false, timeout: 5_000, ...(secure && { ca: site.ca, servername: DOMAIN }) };
    (secure ? httpsRequest : request)(url, options, (res) => {
      res.resume();
      res.once('end', () => done(res.statusCode ?? 0));
    })
      .on('timeout', function (this: ReturnType<typeof request>) {
        this.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
      })
      .on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message))
      .end();
  });

afterAll(async () => {
  if (engine.skip) return;
  await kit.down().catch(() => {});
  await kit.removeImage().catch(() => {});
}, 120_000);

describe('the deploy kit in Docker under hostile clients', engine, () => {
  it(`comes up with ${CONTACTS} long contacts in PostgreSQL`, { timeout: 600_000 }, async () => {
    const start = performance.now();
    await kit.build();
    const { certificate, pem } = selfSigned(path.dirname(kit.dir), DOMAIN);
    await kit.up({
      domain: DOMAIN,
      variables: { OWN_CERTIFICATE: './own.pem' },
      override,
      files: { 'own.pem': pem },
    });
    site.ca = certificate;
    site.port = await kit.publishedPort('proxy', 443);
    // The rows of scripts/launch/seeded-contacts.ts, in one statement.
    await kit.psql(
      `INSERT INTO contacts (id, name, email, phone, company, message, created_at)
       SELECT gen_random_uuid(), 'Cliente ' || n || ' da Silva', 'cliente' || n || '@empresa' || n % 97 || '.com.br',
              '+55 (91) 98765-4321', 'Transportes & Logística "Norte" Ltda.',
              rpad(E'Preciso de frete fechado de Campinas/SP para Belém/PA; carga paletizada, 27 t.\\nPedido ' || n || '.',
                   4000, ' carga'),
              now() - (${CONTACTS} - n) * interval '1 minute'
       FROM generate_series(0, ${CONTACTS - 1}) AS n`,
    );
    expect(await kit.psql('SELECT count(*) FROM contacts')).toEqual([String(CONTACTS)]);
    console.info(`abuse-stack: image built, stack up and ${CONTACTS} contacts stored in ${seconds(start)}`);
  });

  it(`keeps both replicas up through ${STALLED} stalled exports via HAProxy beside ${READERS} readers`, {
    timeout: 240_000,
  }, async () => {
    const before = await Promise.all(REPLICAS.map(replicaState));
    expect(before.map(({ running, restarts }) => [running, restarts])).toEqual([
      [true, 0],
      [true, 0],
    ]);
    const pids = before.map(({ pid }) => pid);
    const idle = rss(pids);
    const peak = [...idle];
    const sampler = setInterval(() => {
      for (const [n, mb] of rss(pids).entries()) peak[n] = Math.max(peak[n]!, mb);
    }, 100);
    const start = performance.now();
    // A reader cut off by a replica that died is an error; what Docker says of the replicas is checked first.
    const flood = await exportFlood(
      {
        url: `https://127.0.0.1:${site.port}`,
        tls: { ca: site.ca, servername: DOMAIN },
        adminToken: kit.adminToken,
        stalled: STALLED,
        readers: READERS,
      },
      150_000,
    )
      .catch((error: Error) => error)
      .finally(() => clearInterval(sampler));
    const took = seconds(start);
    await sleep(2_000);
    const after = rss(pids);
    const states = await Promise.all(REPLICAS.map(replicaState));
    const lines = await Promise.all(REPLICAS.map(exportLines));
    const proxied = await proxiedExports();
    const megabytes = (mbs: number[]) => mbs.map((mb) => mb.toFixed(0));
    const memory = REPLICAS.map((name, n) => `${name} ${megabytes([idle[n]!, peak[n]!, after[n]!]).join(' → ')}`);
    const restarts = states.map(({ restarts }) => restarts).join('/');
    if (flood instanceof Error) {
      console.info(
        `abuse-stack: the flood failed (${flood.message}); RSS MB ${memory.join(', ')}; restarts ${restarts}`,
      );
      expect(states).toEqual(before);
      throw flood;
    }
    const pages = flood.pages.filter((status) => status === 200).length;
    const sizes = new Set(
      flood.readers.map(({ status, bytes, error }) => `${status} ${bytes}${error ? ` ${error}` : ''}`),
    );
    console.info(
      `abuse-stack: ${STALLED} stalled exports + ${READERS} readers through HAProxy in ${took}; RSS MB ` +
        `${memory.join(', ')} (before → peak → after); restarts ${restarts}; ` +
        `503 busy ${lines.map(({ busy }) => busy).join('/')}, cut ${lines.map(({ cut }) => cut).join('/')}; ` +
        `readers ${[...sizes].join(', ')} (${flood.readers.reduce((sum, { refused }) => sum + refused, 0)} retries ` +
        `after Retry-After); GET / ${pages}/${flood.pages.length} 200; the proxy's log of the exports: ${proxied}`,
    );

    // No replica exited, was restarted or was killed, and each stayed within the heap's budget: a heap
    // run up to its 192 MB puts a replica near 300 MB (the old code's peak: 289 MB, its readers cut
    // off and its pages unanswered). Idle, a replica of this stack now holds 170–173 MB (about 50 of
    // them heap), and the flood adds 80–90 (2026-11-28: peaks 251 and 262 MB).
    expect(states).toEqual(before);
    expect(Math.max(...peak)).toBeLessThan(275);
    // Each replica refused most of its stalled share at once and cut the stalled ones it served.
    expect(lines.every(({ busy }) => busy >= STALLED / 2 - 8)).toBe(true);
    expect(lines.every(({ cut }) => cut >= 1)).toBe(true);
    // Every reader got the whole file, the same size, and every visitor the landing page.
    expect(sizes.size).toBe(1);
    expect([...sizes][0]).toMatch(/^200 3\d{7}$/);
    expect(flood.pages.length).toBeGreaterThan(10);
    expect(pages).toBe(flood.pages.length);
  });

  it(`serves new visitors on a replica reached directly while ${IDLE} idle sockets sit on it`, {
    timeout: 120_000,
  }, async () => {
    const port = await kit.publishedPort('app1', 3000);
    const { pid } = await replicaState('app1');
    const idleBefore = rss([pid])[0]!;
    const sockets: ReturnType<typeof idleSocket>[] = [];
    try {
      // In steps of 100, as a client with many sockets opens them; each asks once, then waits.
      for (let n = 0; n < IDLE; n += 100) {
        const step = Array.from({ length: 100 }, () => idleSocket(port));
        sockets.push(...step);
        await Promise.all(step.map(({ answered }) => answered));
      }
      const answered = (await Promise.all(sockets.map(({ answered }) => answered))).filter(Boolean).length;
      await sleep(500);
      const visitors: Awaited<ReturnType<typeof visit>>[] = [];
      for (let n = 0; n < 20; n++) visitors.push(await visit(`http://127.0.0.1:${port}${n % 2 ? '/health' : '/'}`));
      const proxied: unknown[] = [];
      for (let n = 0; n < 10; n++) proxied.push((await visit(`https://127.0.0.1:${site.port}/`)).outcome);
      const evicted = sockets.filter((socket) => socket.evicted()).length;
      const times = visitors.map(({ ms }) => ms).sort((a, b) => a - b);
      console.info(
        `abuse-stack: ${IDLE} idle sockets on app1: ${answered} answered 200, ${evicted} idle ones closed to make ` +
          `room; new visitors ${visitors.filter(({ outcome }) => outcome === 200).length}/${visitors.length} ` +
          `200 (median ${times[10]!.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms), through the proxy ` +
          `${proxied.filter((status) => status === 200).length}/${proxied.length}; app1 RSS ` +
          `${idleBefore.toFixed(0)} → ${rss([pid])[0]!.toFixed(0)} MB`,
      );
      // All of them but the odd one lost on the way under a loaded machine's Docker port forwarding:
      // before, the 500 past MAX_CONNECTIONS (1,000) were closed unanswered.
      expect(answered).toBeGreaterThanOrEqual(IDLE - 15);
      expect(visitors.map(({ outcome }) => outcome)).toEqual(visitors.map(() => 200));
      expect(proxied).toEqual(proxied.map(() => 200));
      // Room was made by closing idle sockets, never by refusing the newcomers.
      expect(evicted).toBeGreaterThanOrEqual(IDLE - 1_000);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it(`keeps a replica within its ${REPLICA_LIMIT_MB} MiB through 8 PDF bombs among 20 CVs posted at once`, {
    timeout: 180_000,
  }, async () => {
    const container = (await compose('ps', '-q', 'app1')).trim();
    expect(Number(await docker(['inspect', '-f', '{{.HostConfig.Memory}}', container]))).toBe(
      REPLICA_LIMIT_MB * 1024 ** 2,
    );
    const port = await kit.publishedPort('app1', 3000);
    const before = await Promise.all(REPLICAS.map(replicaState));
    // The issue's 612 KB object stream whose filter is spelled /Fl (600 MB of padding), and a plain
    // Flate stream of 200 MB: four of each, among twelve honest CVs, half of them 4.9 MB (a scanned
    // CV's size, as the issue's twenty were).
    const [objectStreamBomb, flateBomb] = await Promise.all([
      pdfInObjectStream({ filter: 'Fl', paddingMegabytes: 600 }),
      pdfWithZipBomb(200),
    ]);
    const scanned = cvCarrying(randomBytes(Math.round(4.9 * 1024 ** 2)));
    const files = Array.from({ length: 20 }, (_, n) =>
      n % 5 === 0
        ? { kind: 'bomba', cv: objectStreamBomb }
        : n % 5 === 1
          ? { kind: 'bomba', cv: flateBomb }
          : { kind: 'honesto', cv: n % 2 ? scanned : cvPdf(`Curriculo ${n}`) },
    );
    const memory = containerMemoryMb(before[0]!.pid);
    const idle = memory();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, memory())), 50);
    // A visitor through the proxy every quarter second, for as long as the uploads take.
    let uploading = true;
    const visits: (number | string)[] = [];
    const visitor = (async () => {
      while (uploading) {
        visits.push((await visit(`https://127.0.0.1:${site.port}/`)).outcome);
        await sleep(250);
      }
    })();
    const start = performance.now();
    // Each from an address of its own, as twenty applicants are (TRUST_PROXY=1 reads X-Forwarded-For).
    const answers = await Promise.all(
      files.map(async ({ kind, cv }, n) => {
        const res = await applyOverHttp(`http://127.0.0.1:${port}`, cv, { 'X-Forwarded-For': `10.20.0.${n + 1}` });
        await res.arrayBuffer();
        return { kind, status: res.status, ms: performance.now() - start };
      }),
    ).finally(() => {
      uploading = false;
      clearInterval(sampler);
    });
    await visitor;
    const states = await Promise.all(REPLICAS.map(replicaState));
    const honest = answers.filter(({ kind }) => kind === 'honesto');
    const bombs = answers.filter(({ kind }) => kind === 'bomba');
    const slowest = (list: typeof answers) => Math.max(...list.map(({ ms }) => ms)).toFixed(0);
    console.info(
      `abuse-stack: 20 CVs at once on app1 (8 bombs): memory of its container ${idle.toFixed(0)} → peak ` +
        `${peak.toFixed(0)} MB of ${REPLICA_LIMIT_MB}; honest ${honest.map(({ status }) => status).join(',')} ` +
        `(slowest ${slowest(honest)} ms), bombs ${bombs.map(({ status }) => status).join(',')} ` +
        `(slowest ${slowest(bombs)} ms); visitors through the proxy ${visits.filter((v) => v === 200).length}/` +
        `${visits.length} 200; restarts ${states.map(({ restarts }) => restarts).join('/')}; why files went ` +
        `unchecked: ${JSON.stringify(await uncheckedCvs())}`,
    );
    // No replica killed or restarted, the limit never reached, every honest CV taken and every
    // bomb refused with the form's own page, and the site answering throughout.
    expect(states).toEqual(before);
    expect(peak).toBeLessThan(REPLICA_LIMIT_MB);
    expect(honest.map(({ status }) => status)).toEqual(honest.map(() => 303));
    expect(bombs.map(({ status }) => status)).toEqual(bombs.map(() => 400));
    expect(visits.length).toBeGreaterThan(0);
    expect(visits).toEqual(visits.map(() => 200));
  });
});
