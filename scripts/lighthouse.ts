// `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) on the built site,
// in the system Chromium. Prints the four scores and LCP, TBT, CLS; the JSON report goes to
// .artifacts/ (not in git).
// Chromium is started by chrome-launcher, as the Lighthouse CLI does: a Playwright-launched
// browser attaches its own scripts to every page (and disables the back/forward cache), which
// the trace would then charge to the site.
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath } from '../e2e/browser';
import { serveBuilt } from './serve-built';

const ATTEMPTS = 3;

/** One Lighthouse run in a fresh browser. */
async function audit(url: string) {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error('o Lighthouse não devolveu resultado');
    return result;
  } finally {
    chrome.kill();
  }
}

const server = await serveBuilt();
try {
  let result = await audit(`${server.url}/`);
  // A failed trace (NO_NAVSTART and kin, seen on a loaded machine) scores 0: run again rather
  // than print zeros, and say so if it keeps failing.
  for (let attempt = 2; result.lhr.runtimeError && attempt <= ATTEMPTS; attempt++) {
    console.log(`Lighthouse falhou (${result.lhr.runtimeError.code}); tentativa ${attempt} de ${ATTEMPTS}…`);
    result = await audit(`${server.url}/`);
  }
  if (result.lhr.runtimeError) throw new Error(`Lighthouse falhou ${ATTEMPTS} vezes (${result.lhr.runtimeError.code}).`);
  const { categories, audits } = result.lhr;
  mkdirSync('.artifacts', { recursive: true });
  writeFileSync('.artifacts/lighthouse-report.json', String(result.report));

  for (const category of Object.values(categories)) {
    console.log(`${category.title.padEnd(16)} ${Math.round((category.score ?? 0) * 100)}`);
  }
  for (const id of ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
    console.log(`${audits[id]!.title.padEnd(26)} ${audits[id]!.displayValue}`);
  }
  const failing = Object.values(audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
  for (const audit of failing) console.log(`  a melhorar: ${audit.id} — ${audit.title}`);
} finally {
  server.stop();
}
