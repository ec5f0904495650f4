// The pieces of `npm run bench` that load HTTP servers: the load runs, and where the processes run
// (the server pinned to a core and the load to another, or all sharing both).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import autocannon, { type Options, type Result } from 'autocannon';

const execFileAsync = promisify(execFile);

export const CONNECTIONS = 50;
/** What Chromium sends: brotli is its pick among them. */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** CPU time a process has used so far, all its threads, user and system (Linux /proc; 10 ms ticks). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

/** One load run's figures, whichever generator made it. */
export type Run = { rps: number; p50Ms: number; p99Ms: number; failures: number; cpuUsPerRequest: number };

/** A request to load a server with; `notFound` when a 404 is the expected answer, not a failure. */
export type Target = Pick<Options, 'url' | 'method' | 'body'> & {
  headers?: Record<string, string>;
  notFound?: boolean;
};

/**
 * wrk (Debian's `wrk`) when it is installed: written in C, it loads a server harder than the
 * server can answer, so the figures are the server's. autocannon runs in Node on one thread and
 * can top out below what the server answers: then the requests a second are the generator's, and
 * the CPU column is the server's figure.
 */
export const WRK = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary is ENOENT.
    return (error as { code?: string }).code !== 'ENOENT';
  }
})();

const MS = { us: 0.001, ms: 1, s: 1000 } as const;

/**
 * A wrk script that sends `target`'s method and body: wrk has no flag for either. The body goes in
 * a Lua long string, whose level is picked so that the body cannot close it.
 */
function wrkScript({ method, body }: Target) {
  const text = String(body);
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  const script = `wrk.method = "${method ?? 'POST'}"\nwrk.body = [${level}[${text}]${level}]\n`;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const file = path.join(dir, 'request.lua');
  writeFileSync(file, script);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * wrk --latency's report, read back: requests a second, p50 and p99, and what failed. A body is
 * sent through a script. The site answers every request that carries one with `Connection: close`
 * (server/http/body-limit.ts), so each opens a connection; autocannon read those as 1.1 s at the
 * median where wrk read 41 ms and the server logged 1–6 ms (2026-11-27, `POST /api/contacts`).
 */
async function wrkRun(target: Target, seconds: number) {
  const headers = Object.entries(target.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const script = target.body === undefined ? undefined : wrkScript(target);
  const { stdout: output } = await execFileAsync(
    'wrk',
    [
      '-t1',
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '--latency',
      ...headers,
      ...(script ? ['-s', script.file] : []),
      target.url,
    ],
    { encoding: 'utf8' },
  ).finally(() => script?.remove());
  const figure = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const latency = (percent: number) => {
    const [, value = '0', unit = 'ms'] = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s)$`, 'm').exec(output) ?? [];
    return Number(value) * MS[unit as keyof typeof MS];
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  const non2xx = figure(/Non-2xx or 3xx responses: (\d+)/);
  return {
    rps: figure(/Requests\/sec:\s+([\d.]+)/),
    total: figure(/(\d+) requests in/),
    p50Ms: latency(50),
    p99Ms: latency(99),
    failures: errors + (target.notFound ? 0 : non2xx),
  };
}

async function autocannonRun({ notFound, ...request }: Target, seconds: number) {
  const result = (await autocannon({ duration: seconds, connections: CONNECTIONS, ...request })) as Result;
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx - (notFound ? result['4xx'] : 0),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * GETs `target` at `rate` a second, each sent when it is due whatever the ones before it did, on
 * up to CONNECTIONS kept-alive connections: a visitor does not wait for the last one to be
 * answered. Each latency runs from when its request was due, so a server that falls behind is
 * charged for the wait it causes. wrk cannot hold a rate, and autocannon's `overallRate` sends each
 * second's quota in a burst at its start, which measures the burst.
 */
async function heldRun(target: Target, seconds: number, rate: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let failures = 0;
  const answers: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    if (due - performance.now() >= 1) await sleep(due - performance.now());
    // A timer's millisecond may send a request a little early: it is then timed from its sending.
    const from = Math.min(due, performance.now());
    answers.push(
      new Promise((resolve) => {
        get(String(target.url), { agent, headers: target.headers }, (res) => {
          if (res.statusCode !== 200) failures++;
          res.resume().on('end', () => {
            latencies.push(performance.now() - from);
            resolve();
          });
        }).on('error', () => {
          failures++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(answers);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    total: latencies.length,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    failures,
  };
}

/**
 * One load run against the server process `pid`: as fast as it answers, with wrk when it is
 * installed, else autocannon; or held at `rate` requests a second (heldRun). Besides the
 * generator's figures, the server's CPU time per request: what the other engineers' jobs on a
 * shared machine take from our throughput, they do not add to this.
 */
export async function load(target: Target, seconds: number, pid: number, rate?: number): Promise<Run> {
  const before = cpuMs(pid);
  const run = rate ? heldRun(target, seconds, rate) : WRK ? wrkRun(target, seconds) : autocannonRun(target, seconds);
  const { total, ...figures } = await run;
  return { ...figures, cpuUsPerRequest: ((cpuMs(pid) - before) * 1000) / total };
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// A server's every thread (V8's and libuv's included); for this process only its main thread,
// where autocannon runs: helper threads of the tooling may come and go while taskset walks them.
// Counted before any pinning: once this process is pinned, it sees only its own core.
const CORES = availableParallelism();

const taskset = (cpus: string, pid: number) =>
  execFileSync('taskset', [...(pid === process.pid ? [] : ['--all-tasks']), '-pc', cpus, String(pid)], {
    stdio: 'ignore',
  });

/**
 * Places the servers and this process (the load generator runs in it): `pinned` puts the
 * servers on core 0 and the load on core 1, so neither steals from the other; unpinned, all
 * share every core, as a container without CPU pinning does. Linux `taskset`; false when it
 * cannot pin (one core, no taskset), and then everything stays where it is.
 */
export function place(pinned: boolean, serverPids: number[]) {
  if (CORES < 2) return false;
  const all = `0-${CORES - 1}`;
  try {
    for (const pid of serverPids) taskset(pinned ? '0' : all, pid);
    taskset(pinned ? '1' : all, process.pid);
    return true;
  } catch {
    return false;
  }
}
