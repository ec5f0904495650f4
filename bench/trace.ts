// `npm run trace [-- --runs=N] [-- --url=URL] [-- --min=MS]`: Chromium performance traces of the
// built `/` (or URL) loading on Lighthouse's phone (412×823 at 1.75×) with the CPU slowed 4×,
// alternated with the control page (bench/control-page.ts), N times each (default 3). The site's
// first trace is kept in .artifacts/trace-load.json (open it in DevTools' Performance panel or
// ui.perfetto.dev) and its main-thread tasks printed: when each began, its wall and CPU time, who
// posted it and where its CPU went (bench/trace-tasks.ts). Then the main thread's first 5 s
// (`-- --window=MS`) by kind of work, parse, style, layout, paint, script, GC and the rest, the
// site's medians beside the control's (bench/trace-categories.ts). `-- --file=trace.json` prints
// the same for a trace taken elsewhere, such as the one `lighthouse --save-assets` writes (without
// the "toplevel" category its tasks' posters read "?").
// Method and findings: docs/performance.md, "Where the main thread's time goes".
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { launchOptions } from '../scripts/launch/chromium';
import { serveBuilt } from '../scripts/launch/serve-built';
import { serveControl } from './control-page';
import { MEASURED_PUBLIC_URL } from './size-report';
import { type Attribution, attribute, KINDS, type Kind } from './trace-categories';
import { mainThreadTasks, pageMainThread, printTasks, type TraceEvent } from './trace-tasks';

/** Lighthouse's mobile screen. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** After load, long enough to see the page's timers. */
const AFTER_LOAD_MS = 3_000;
/**
 * Lighthouse's own categories (core/gather/gatherers/trace.js), plus "toplevel" (each task's
 * poster) and "fonts". More (blink, cc, the V8 sampler) made every task cost two to ten times
 * the CPU: the trace would measure itself.
 */
const CATEGORIES = [
  'disabled-by-default-lighthouse',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'fonts',
  'toplevel',
];
const OUT = '.artifacts/trace-load.json';
/** The site's later runs and the control's last, for a look in DevTools. */
const OUT_LAST = '.artifacts/trace-load-last.json';
const OUT_CONTROL = '.artifacts/trace-control.json';

const eventsOf = (text: string) => {
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents!;
};

/**
 * The kernel's account of the renderer's main thread (its pid and tid in the trace are the
 * system's), read while it still runs: time on a core, and time ready to run but waiting for
 * one (schedstat's run_delay). The second is what a busy machine adds to every task's wall time.
 */
function printWaits(events: TraceEvent[]) {
  const { pid, tid } = pageMainThread(events);
  const file = `/proc/${pid}/task/${tid}/schedstat`;
  if (!existsSync(file)) return;
  const [running, waiting] = readFileSync(file, 'utf8')
    .split(' ')
    .map((ns) => Number(ns) / 1e6);
  console.log(
    `thread principal do renderer desde que começou (schedstat): ${running!.toFixed(0)} ms numa CPU, ` +
      `${waiting!.toFixed(0)} ms pronta mas à espera de um núcleo; carga média ${loadavg()[0]!.toFixed(1)}\n`,
  );
}

/** A trace of `url` loading in a fresh browser, kept in `out`, with its thread's waits printed. */
async function record(url: string, slowdown: number, windowMs: number, out: string) {
  const browser = await chromium.launch(launchOptions());
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto('about:blank');
    await browser.startTracing(page, { categories: CATEGORIES });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'load' });
    // Timed from here, not in the page: a script polling the clock would run on the thread traced.
    await delay(Math.max(AFTER_LOAD_MS, windowMs + 500 - (Date.now() - started)));
    const trace = await browser.stopTracing();
    mkdirSync('.artifacts', { recursive: true });
    writeFileSync(out, trace);
    const events = eventsOf(trace.toString());
    printWaits(events);
    return events;
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Each kind of work's median over the runs, the site's beside the control's: the CPU time (what
 * the page cost) and, in brackets, the wall time (what Lighthouse multiplies). The site's share
 * is of its own CPU time.
 */
function printAttribution(site: Attribution[], control: Attribution[], windowMs: number) {
  const of = (runs: Attribution[], kind: Kind | 'all', key: 'cpuMs' | 'wallMs') =>
    median(runs.map((run) => (kind === 'all' ? KINDS.reduce((sum, each) => sum + run[each][key], 0) : run[kind][key])));
  const cell = (runs: Attribution[], kind: Kind | 'all') =>
    `${of(runs, kind, 'cpuMs').toFixed(0).padStart(6)} (${of(runs, kind, 'wallMs').toFixed(0).padStart(5)})`;
  console.log(
    `\nA thread principal nos primeiros ${windowMs / 1000} s, por tipo de trabalho: ms de CPU (de parede), ` +
      `mediana de ${site.length} execuções${control.length ? ' alternadas com o controle' : ''}`,
  );
  console.log(
    `${'tipo'.padEnd(8)} ${'site'.padStart(14)} ${'parte'.padStart(6)}${control.length ? `${'controle'.padStart(15)} ${'site − controle'.padStart(16)}` : ''}`,
  );
  const total = of(site, 'all', 'cpuMs');
  for (const kind of [...KINDS, 'all'] as const) {
    const share = `${((of(site, kind, 'cpuMs') / total) * 100).toFixed(0)}%`.padStart(6);
    const beside = control.length
      ? `${cell(control, kind).padStart(15)} ${(of(site, kind, 'cpuMs') - of(control, kind, 'cpuMs')).toFixed(0).padStart(16)}`
      : '';
    console.log(`${(kind === 'all' ? 'total' : kind).padEnd(8)} ${cell(site, kind).padStart(14)} ${share}${beside}`);
  }
}

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    file: { type: 'string' },
    min: { type: 'string', default: '10' },
    rate: { type: 'string', default: '4' },
    runs: { type: 'string', default: '3' },
    window: { type: 'string', default: '5000' },
  },
});
const [slowdown, runs, windowMs] = [Number(values.rate), Number(values.runs), Number(values.window)];
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs deve ser um inteiro positivo (recebido: ${values.runs}).`);
  process.exit(2);
}
if (values.file) {
  const events = eventsOf(readFileSync(values.file, 'utf8'));
  printTasks(mainThreadTasks(events), Number(values.min));
  printAttribution([attribute(events, 0, windowMs)], [], windowMs);
} else {
  const site = values.url ? undefined : await serveBuilt({ PUBLIC_URL: MEASURED_PUBLIC_URL });
  const control = await serveControl();
  try {
    const siteUrl = values.url ?? `${site!.url}/`;
    const attributions: { site: Attribution[]; control: Attribution[] } = { site: [], control: [] };
    console.log(`CPU ${slowdown}× mais lenta; ${runs} execuções do site e do controle, alternadas\n`);
    for (let run = 0; run < runs; run++) {
      const events = await record(siteUrl, slowdown, windowMs, run === 0 ? OUT : OUT_LAST);
      if (run === 0) {
        console.log(`trace do site em ${OUT}; tempos em ms desde a navegação`);
        printTasks(mainThreadTasks(events), Number(values.min));
        console.log('');
      }
      attributions.site.push(attribute(events, 0, windowMs));
      attributions.control.push(
        attribute(await record(`${control.url}/`, slowdown, windowMs, OUT_CONTROL), 0, windowMs),
      );
    }
    printAttribution(attributions.site, attributions.control, windowMs);
  } finally {
    control.stop();
    await site?.stop();
  }
}
