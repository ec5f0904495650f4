// `npm run trace [-- --url=URL] [-- --min=MS]`: a Chromium performance trace of a page loading on
// Lighthouse's phone (412×823 at 1.75×) with the CPU slowed 4×, kept in .artifacts/trace-load.json
// (open it in DevTools' Performance panel or ui.perfetto.dev), and its main-thread tasks printed:
// when each began, its wall and CPU time, who posted it and where its CPU went (bench/trace-tasks.ts).
// `-- --file=trace.json` prints the same for a trace taken elsewhere, such as the one
// `lighthouse --save-assets` writes (without the "toplevel" category its tasks' posters read "?").
// Method and findings: docs/performance.md, "Where the main thread's time goes".
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { launchOptions } from '../scripts/launch/chromium';
import { serveBuilt } from '../scripts/launch/serve-built';
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

async function record(url: string, slowdown: number) {
  const browser = await chromium.launch(launchOptions());
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto('about:blank');
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await delay(AFTER_LOAD_MS);
    const trace = await browser.stopTracing();
    mkdirSync('.artifacts', { recursive: true });
    writeFileSync(OUT, trace);
    const text = trace.toString();
    printWaits(eventsOf(text));
    return text;
  } finally {
    await browser.close();
  }
}

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    file: { type: 'string' },
    min: { type: 'string', default: '10' },
    rate: { type: 'string', default: '4' },
  },
});
const slowdown = Number(values.rate);
let text: string;
if (values.file) text = readFileSync(values.file, 'utf8');
else if (values.url) text = await record(values.url, slowdown);
else {
  const site = await serveBuilt();
  try {
    text = await record(`${site.url}/`, slowdown);
  } finally {
    await site.stop();
  }
}
const events = eventsOf(text);
if (!values.file) console.log(`trace em ${OUT}; CPU ${slowdown}× mais lenta, tempos em ms desde a navegação\n`);
printTasks(mainThreadTasks(events), Number(values.min));
