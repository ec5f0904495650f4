// `npm run lighthouse [-- --runs=N] [-- --compare=[NAME=]URL …]`: Lighthouse (mobile, default simulated
// throttling) on the built site and on a control page, in the system Chromium, N times each
// (default 5), one after the other in turn: site, control, site, control… Prints each run, then
// each page's medians and spread, each page's differences from the control run by run, and the
// site's targets against the control (bench/targets.ts), met or not; the site's median run, as Lighthouse's own CI picks it, is kept
// as JSON in .artifacts/ (not in git). `--compare` adds any other page to the rotation (another
// site served locally, to compare against on the same machine at the same moment).
// A single run is not a measurement: Lighthouse's docs put run-to-run spread at several points,
// and on a shared machine the simulated TBT swings between 0 and 50 ms on the same page. The
// control is a minimal page served with the site's security headers: what it scores is this
// machine's floor at that moment, not the site's cost; taking the pages in turn lets a busy
// minute hit both alike. The load average is printed with every run for the same reason, and so are
// the tasks of the run's trace that the simulation counts as long, with their wall time (what it
// multiplies) and their CPU time (what the page did; the rest was the thread waiting for a core).
// Chromium is started by chrome-launcher, as the Lighthouse CLI does: a Playwright-launched
// browser attaches its own scripts to every page (and disables the back/forward cache), which
// the trace would then charge to the site.

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/launch/chromium';
import { serveBuilt } from '../scripts/launch/serve-built';
import { serveControl } from './control-page';
import { MEASURED_PUBLIC_URL } from './size-report';
import { met, ratio, TARGETS } from './targets';
import { mainThreadTasks, simulatedLong, type Task, type TraceEvent } from './trace-tasks';

const ATTEMPTS = 3;
/** At most this TBT counts as none: Lighthouse shows it rounded to 10 ms. */
const NO_BLOCKING_MS = 10;

type Lhr = RunnerResult['lhr'];
/** The fields read of an entry of the network-requests audit. */
type NetworkRequest = { resourceType?: string; transferSize?: number };
/**
 * What is kept of a run: its report, and of its trace (tens of MB, let go) the main-thread tasks
 * the simulation counts as long.
 */
type Run = Pick<RunnerResult, 'lhr' | 'report'> & { long: Task[]; load: number };
/** `short` names the page on each run's line; `label` heads its summary. */
type Target = { short: string; label: string; url: string; runs: Run[] };

/**
 * One Lighthouse run in a fresh browser; a failed trace (NO_NAVSTART and kin, seen on a loaded
 * machine) is run again.
 */
async function audit(url: string): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error('o Lighthouse não devolveu resultado');
      const error = result.lhr.runtimeError;
      if (!error) return result;
      if (attempt === ATTEMPTS) throw new Error(`Lighthouse falhou ${ATTEMPTS} vezes (${error.code}).`);
      console.log(`  Lighthouse falhou (${error.code}); tentativa ${attempt + 1} de ${ATTEMPTS}…`);
    } finally {
      chrome.kill();
    }
  }
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const value = (lhr: Lhr, id: string) => lhr.audits[id]!.numericValue ?? Number.NaN;
const load = () => loadavg()[0]!;
/** The page's response as Lighthouse counted it: headers and (compressed) body. */
function documentBytes(lhr: Lhr) {
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  return requests.find((request) => request.resourceType === 'Document')?.transferSize ?? Number.NaN;
}

/** What is printed of every run, and summarised per page: read from the report, shown in its unit. */
const FIGURES: { name: string; of: (lhr: Lhr) => number; unit: string }[] = [
  { name: 'desempenho', of: (lhr) => score(lhr, 'performance'), unit: '' },
  { name: 'LCP', of: (lhr) => value(lhr, 'largest-contentful-paint'), unit: ' ms' },
  { name: 'FCP', of: (lhr) => value(lhr, 'first-contentful-paint'), unit: ' ms' },
  { name: 'TBT', of: (lhr) => value(lhr, 'total-blocking-time'), unit: ' ms' },
  { name: 'CLS', of: (lhr) => value(lhr, 'cumulative-layout-shift'), unit: '' },
  // Over 14,600 bytes, the simulation adds a round trip before the first paint (bench/size-report.ts).
  { name: 'documento', of: documentBytes, unit: ' B' },
];
const shown = (figure: number, unit: string) => `${unit ? Math.round(figure) : Number(figure.toFixed(3))}${unit}`;
const others = (lhr: Lhr) => ['accessibility', 'best-practices', 'seo'].map((id) => score(lhr, id)).join('/');
const line = (lhr: Lhr) =>
  `${FIGURES.map(({ name, of, unit }) => `${name} ${shown(of(lhr), unit)}`).join('  ')}  (a11y/bp/SEO ${others(lhr)})`;

/**
 * A task Lantern counts as long, as the trace saw it. Its wall time is what Lantern multiplies; its
 * CPU time is what the page did: on a shared machine the rest is the thread waiting for a core.
 */
const described = (task: Task) =>
  `${task.wallMs.toFixed(0)} ms de parede, ${task.cpuMs.toFixed(0)} de CPU (${task.heaviest[0]?.name ?? '?'})`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function summary({ label, runs }: Target) {
  console.log(`\n${label}: mediana (mín–máx) de ${runs.length} execuções`);
  for (const { name, of, unit } of FIGURES) {
    const values = runs.map((run) => of(run.lhr));
    const spread = `${shown(Math.min(...values), unit)}–${shown(Math.max(...values), unit)}`;
    console.log(`  ${name.padEnd(11)} ${shown(median(values), unit).padStart(8)}  (${spread})`);
  }
  const longIn = (run: Run, key: 'wallMs' | 'cpuMs') => run.long.reduce((sum, task) => sum + task[key], 0);
  const [wall, cpu] = (['wallMs', 'cpuMs'] as const).map((key) => median(runs.map((run) => longIn(run, key))));
  console.log(
    `  longas no trace: ${wall!.toFixed(0)} ms de parede, ${cpu!.toFixed(0)} ms de CPU (medianas por execução)`,
  );
  const unblocked = runs.filter((run) => value(run.lhr, 'total-blocking-time') <= NO_BLOCKING_MS).length;
  const categories = runs.map((run) => others(run.lhr)).join(', ');
  console.log(`  TBT ≤ ${NO_BLOCKING_MS} ms em ${unblocked} de ${runs.length}; a11y/bp/SEO: ${categories}`);
}

/**
 * Each page against the control run just before or after it, run by run: a busy minute lifts both
 * of a pair alike, so the differences vary less than either page's own figures (on 2026-11-26 the
 * control alone blocked 16 to 379 ms at a load average of 1 to 4).
 */
function paired(page: Target, control: Target) {
  console.log(`\n${page.short} − controle, execução a execução (a mesma rodada):`);
  for (const { name, of, unit } of FIGURES.filter((figure) => figure.unit)) {
    const differences = page.runs.map((run, index) => of(run.lhr) - of(control.runs[index]!.lhr));
    const listed = differences.map((difference) => shown(difference, unit)).join(', ');
    console.log(`  ${name.padEnd(11)} ${shown(median(differences), unit).padStart(8)}  (${listed})`);
  }
}

/** The site's targets against the control of the same set, each with what was measured. */
function verdict(site: Target, control: Target) {
  const medianOf = (target: Target, id: string) => median(target.runs.map((run) => value(run.lhr, id)));
  const [tbt, controlTbt] = [site, control].map((target) => medianOf(target, 'total-blocking-time')) as [
    number,
    number,
  ];
  const [lcp, controlLcp] = [site, control].map((target) => medianOf(target, 'largest-contentful-paint')) as [
    number,
    number,
  ];
  const scores = site.runs.map((run) => score(run.lhr, 'performance'));
  const overTbt = tbt - controlTbt;
  const lcpRatio = lcp / controlLcp;
  console.log(`\nMetas do site contra o controle (medianas de ${site.runs.length} execuções alternadas):`);
  console.log(
    `  TBT: site ${Math.round(tbt)} ms, controle ${Math.round(controlTbt)} ms: controle ${overTbt < 0 ? '−' : '+'} ` +
      `${Math.abs(Math.round(overTbt))} ms (meta ≤ controle + ${TARGETS.tbtOverControlMs} ms), ` +
      met(overTbt <= TARGETS.tbtOverControlMs),
  );
  console.log(
    `  LCP: site ${Math.round(lcp)} ms, controle ${Math.round(controlLcp)} ms: ${ratio(lcpRatio)} × o controle ` +
      `(meta ≤ ${ratio(TARGETS.lcpOverControl)} ×), ${met(lcpRatio <= TARGETS.lcpOverControl)}`,
  );
  console.log(
    `  desempenho ${TARGETS.score} em toda execução: ${scores.join(', ')}, ` +
      met(scores.every((points) => points === TARGETS.score)),
  );
  const loads = [...site.runs, ...control.runs].map((run) => run.load);
  const busy = Math.max(...loads) >= cpus().length;
  console.log(
    `  carga média de 1 min antes das execuções: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} ` +
      `em ${cpus().length} núcleos${busy ? ': máquina ocupada, figuras só de direção' : ''}`,
  );
}

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, compare: { type: 'string', multiple: true, default: [] } },
});
const count = Number(values.runs);
if (!Number.isInteger(count) || count < 1) {
  console.error(`--runs deve ser um inteiro positivo (recebido: ${values.runs}).`);
  process.exit(2);
}

const site = await serveBuilt({ PUBLIC_URL: MEASURED_PUBLIC_URL });
const control = await serveControl();
try {
  const targets: Target[] = [
    { short: 'site', label: 'Site (/)', url: `${site.url}/`, runs: [] },
    { short: 'controle', label: 'Controle (página mínima, mesmos cabeçalhos)', url: `${control.url}/`, runs: [] },
    ...values.compare.map((page, index) => {
      const [, name = `comparação ${index + 1}`, url = page] = /^([\w-]+)=(.+)$/.exec(page) ?? [];
      return { short: name, label: `${name} (${url})`, url, runs: [] };
    }),
  ];
  console.log(`${count} execuções de cada página, alternadas; carga média de 1 min antes de cada uma entre [ ].`);
  for (let i = 1; i <= count; i++) {
    for (const target of targets) {
      const before = load();
      const { lhr, report, artifacts } = await audit(target.url);
      const long = simulatedLong(mainThreadTasks(artifacts.Trace.traceEvents as TraceEvent[], 1));
      target.runs.push({ lhr, report, long, load: before });
      console.log(`${i}. [${before.toFixed(1)}] ${target.short.padEnd(12)} ${line(lhr)}`);
      if (long.length)
        console.log(`${' '.repeat(String(i).length + 8)}longas no trace: ${long.map(described).join('; ')}`);
    }
  }
  for (const target of targets) summary(target);
  const [siteTarget, controlTarget] = targets as [Target, Target];
  for (const target of targets.filter((page) => page !== controlTarget)) paired(target, controlTarget);
  verdict(siteTarget, controlTarget);

  // The global LH.Result type the helper is declared with does not reach this project: same object.
  const siteRuns = siteTarget.runs;
  const medianRun = computeMedianRun(siteRuns.map((run) => run.lhr)) as Lhr;
  mkdirSync('.artifacts', { recursive: true });
  writeFileSync('.artifacts/lighthouse-report.json', String(siteRuns.find((run) => run.lhr === medianRun)!.report));
  const failing = Object.values(medianRun.audits).filter(
    (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
  );
  console.log('\nExecução mediana do site (a mais próxima das medianas de FCP e TTI, como no Lighthouse CI):');
  console.log(`  ${line(medianRun)}; relatório em .artifacts/lighthouse-report.json`);
  for (const audit of failing) console.log(`  a melhorar: ${audit.id} — ${audit.title}`);
} finally {
  await Promise.all([site.stop(), control.stop()]);
}
