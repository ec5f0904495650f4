// `npm run lighthouse [-- --runs=N]`: Lighthouse (mobile, default simulated throttling) on the
// built site, in the system Chromium, N times (default 5). Prints each run's four scores with
// LCP, TBT and CLS, then the median run as Lighthouse's own CI picks it; that run's JSON report
// goes to .artifacts/ (not in git).
// A single run is not a measurement: Lighthouse's docs put run-to-run spread at several points,
// and on a shared machine the simulated TBT swings between 0 and 50 ms on the same page. So the
// same runs are made on a control, a minimal page served with the site's security headers: what
// the control scores is this machine's floor, not the site's cost.
// Chromium is started by chrome-launcher, as the Lighthouse CLI does: a Playwright-launched
// browser attaches its own scripts to every page (and disables the back/forward cache), which
// the trace would then charge to the site.

import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import express from 'express';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { securityHeaders } from '../server/http/security';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium';
import { serveBuilt } from './serve-built';

const ATTEMPTS = 3;
const METRICS = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const;

type Lhr = RunnerResult['lhr'];
/** What is kept of a run: its trace and other artifacts (tens of MB each) are let go. */
type Run = Pick<RunnerResult, 'lhr' | 'report'>;

/** One Lighthouse run in a fresh browser; a failed trace (NO_NAVSTART and kin, seen on a loaded machine) is run again. */
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

const scores = (lhr: Lhr) => Object.values(lhr.categories).map((category) => Math.round((category.score ?? 0) * 100));
const metric = (lhr: Lhr, id: (typeof METRICS)[number]) => lhr.audits[id]!.displayValue ?? '?';
const line = (lhr: Lhr) =>
  `${scores(lhr).join('/')}  LCP ${metric(lhr, METRICS[0])}  TBT ${metric(lhr, METRICS[1])}  CLS ${metric(lhr, METRICS[2])}`;

async function runs(label: string, url: string, count: number) {
  console.log(`${label} (${count} execuções; categorias: desempenho/acessibilidade/boas práticas/SEO):`);
  const results: Run[] = [];
  for (let i = 1; i <= count; i++) {
    const { lhr, report } = await audit(url);
    console.log(`  ${i}. ${line(lhr)}`);
    results.push({ lhr, report });
  }
  return results;
}

/** The control: nothing but a heading and a paragraph, behind the site's own security headers. */
function serveControl() {
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.get('/favicon.ico', (_req, res) => res.status(204).end());
  app.get('/', (_req, res) => {
    res.type('html').send(`<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Controle</title>
<meta name="description" content="Página mínima, para medir o piso do Lighthouse nesta máquina.">
</head><body><h1>Transporte rodoviário de cargas</h1><p>Página mínima, com os cabeçalhos de segurança do site.</p></body></html>`);
  });
  const server = app.listen(0, '127.0.0.1');
  return new Promise<{ url: string; stop: () => void }>((resolve) =>
    server.once('listening', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, stop: () => server.close() }),
    ),
  );
}

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const count = Number(values.runs);
if (!Number.isInteger(count) || count < 1) {
  console.error(`--runs deve ser um inteiro positivo (recebido: ${values.runs}).`);
  process.exit(2);
}

const site = await serveBuilt();
const control = await serveControl();
try {
  const results = await runs('Site (/)', `${site.url}/`, count);
  const controlResults = await runs('Controle (página mínima, mesmos cabeçalhos)', control.url, count);

  // The global LH.Result type the helper is declared with does not reach this project: same object.
  const median = computeMedianRun(results.map((result) => result.lhr)) as Lhr;
  const medianResult = results.find((result) => result.lhr === median)!;
  mkdirSync('.artifacts', { recursive: true });
  writeFileSync('.artifacts/lighthouse-report.json', String(medianResult.report));

  console.log(`\nExecução mediana do site (a mais próxima das medianas de FCP e TTI, como no Lighthouse CI):`);
  for (const category of Object.values(median.categories)) {
    console.log(`  ${category.title.padEnd(16)} ${Math.round((category.score ?? 0) * 100)}`);
  }
  for (const id of METRICS) console.log(`  ${median.audits[id]!.title.padEnd(26)} ${metric(median, id)}`);
  const failing = Object.values(median.audits).filter(
    (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
  );
  for (const audit of failing) console.log(`  a melhorar: ${audit.id} — ${audit.title}`);
  // Shown rounded to 10 ms, as Lighthouse shows it.
  const zeroTbt = (list: Run[]) => list.filter((result) => result.lhr.audits[METRICS[1]]!.numericValue! < 5).length;
  console.log(
    `\nTBT 0 ms: site em ${zeroTbt(results)} de ${count}; controle em ${zeroTbt(controlResults)} de ${count}.`,
  );
} finally {
  site.stop();
  control.stop();
}
