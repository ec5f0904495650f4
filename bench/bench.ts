// `npm run bench`: figures, never a pass or fail (the machine is shared and noisy).
// 1. `GET /` of the built server, with the browser's Accept-Encoding, the server pinned to one core
//    and the load to the other: held at the target's rate, 1,000 requests a second, for its p99
//    (docs/decisions/040-plain-landing.md), then as fast as it answers.
// 2. Other cases on the same server, and its memory.
// 3. The phone menu's tap-to-open latency in Chromium with the CPU slowed 4×.
// 4. Filling in the contact form and pressing "Enviar" there: the longest interaction (INP-style).
// 5. A fast fling down to the form and a tap on its first field at once (INP-style), beside the
//    same on a control page as long, with the site's headers (bench/control-page.ts).
// 6. The log's escaping of what a client wrote, per request, in this process.

import { serveBuilt } from '../scripts/launch/serve-built';
import { measureFormInteractions } from './bench-form';
import { BROWSER_ENCODINGS, CONNECTIONS, load, median, place, type Run, type Target, WRK } from './bench-http';
import { measureLogText } from './bench-log-text';
import { measureMenuTaps } from './bench-menu';
import { measureScrollTaps } from './bench-scroll-tap';
import { serveControl } from './control-page';
import { rssMb } from './proc-stats';
import { met, TARGETS } from './targets';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TAPS = Number(process.env.BENCH_TAPS ?? 5);
/** The target for GET / on one core: this many requests a second, each answered within P99_MS at the 99th percentile. */
const TARGET_RPS = 1_000;
const P99_MS = 50;

const ms = (value: number) => value.toFixed(0).padStart(8);
function row(name: string, results: Run[], rss?: number) {
  const failures = results.reduce((sum, result) => sum + result.failures, 0);
  console.log(
    name.padEnd(38),
    median(results.map((result) => result.rps))
      .toFixed(0)
      .padStart(9),
    ms(median(results.map((result) => result.p50Ms))),
    ms(median(results.map((result) => result.p99Ms))),
    median(results.map((result) => result.cpuUsPerRequest))
      .toFixed(0)
      .padStart(10),
    String(failures).padStart(7),
    (rss?.toFixed(0) ?? '').padStart(8),
  );
}
const header = () =>
  console.log(
    'caso'.padEnd(38),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'CPU µs/req'.padStart(10),
    'erros'.padStart(7),
    'RSS MB'.padStart(8),
  );

// BENCH_LOG_LEVEL=silent measures the server without its access log, to see what the log costs.
const ours = await serveBuilt({
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_PER_HOUR: '0',
  RATE_LIMIT_REFUSED_PER_MINUTE: '0',
  RATE_LIMIT_REFUSED_PER_HOUR: '0',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
});
const servers = [ours.child.pid!];
try {
  const rootCase: Target = { url: `${ours.url}/`, headers: BROWSER_ENCODINGS };
  const pinned = place(true, servers);
  // A short unmeasured run first, so the JIT has warmed up before figures are taken.
  await load(rootCase, 2, ours.child.pid!);

  const generator = WRK ? 'wrk' : 'autocannon (sem wrk: req/s no máximo limitados pelo gerador de carga)';
  console.log(
    `\nGET /, Accept-Encoding do navegador, ${SECONDS} s por rodada, ${CONNECTIONS} conexões, loopback; ` +
      (pinned ? 'servidor no núcleo 0, carga no 1' : 'sem fixar em núcleos (não foi possível)'),
  );
  header();
  const held: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) held.push(await load(rootCase, SECONDS, ours.child.pid!, TARGET_RPS));
  row(`a ${TARGET_RPS} req/s, ritmo fixo (×${ROUNDS})`, held, rssMb(ours.child.pid!));
  const fastest: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) fastest.push(await load(rootCase, SECONDS, ours.child.pid!));
  row(`no máximo, ${WRK ? 'wrk' : 'autocannon'} (×${ROUNDS})`, fastest, rssMb(ours.child.pid!));
  const listed = (values: number[], digits = 0) => values.map((value) => value.toFixed(digits)).join(', ');
  const meets = held.every((run) => run.rps >= TARGET_RPS * 0.99 && run.p99Ms < P99_MS && run.failures === 0);
  console.log(
    `meta: ≥ ${TARGET_RPS} req/s com p99 < ${P99_MS} ms em um núcleo — ${meets ? 'atingida' : 'NÃO atingida'}` +
      ` (por rodada: ${listed(held.map((run) => run.rps))} req/s; p99 ${listed(
        held.map((run) => run.p99Ms),
        1,
      )} ms;` +
      ` no máximo ${listed(fastest.map((run) => run.rps))} req/s)`,
  );
  if (!WRK) console.log(`(${generator})`);

  const lead = JSON.stringify({ name: 'Bench', email: 'bench@exemplo.com.br', message: 'Carga de teste' });
  const others: [string, Target][] = [
    ['GET /?contato=enviado', { url: `${ours.url}/?contato=enviado`, headers: BROWSER_ENCODINGS }],
    [
      'GET /some/unknown/path (404)',
      { url: `${ours.url}/some/unknown/path`, headers: BROWSER_ENCODINGS, notFound: true },
    ],
    [
      'POST /api/contacts',
      { url: `${ours.url}/api/contacts`, method: 'POST', headers: { 'content-type': 'application/json' }, body: lead },
    ],
  ];
  console.log('\nOutros casos, no máximo (erros: respostas fora de 2xx, exceto o 404 esperado)');
  header();
  const rootRps = median(fastest.map((run) => run.rps));
  for (const [name, options] of others) {
    const result = await load(options, SECONDS, ours.child.pid!);
    row(name, [result], rssMb(ours.child.pid!));
    // The form's confirmation is kept like the landing page: it must not be the cheap way to load the server.
    if (name.includes('contato'))
      console.log(`GET /?contato=enviado ÷ GET /: ${(result.rps / rootRps).toFixed(2)} (meta ≥ 0,50)`);
  }
  place(false, servers);

  // BENCH_TAPS=0 leaves the browser out, for a quicker look at the server alone.
  if (TAPS > 0) {
    console.log(`\nMenu do celular, do toque ao primeiro link na tela, CPU 4× mais lenta (${TAPS} páginas novas)`);
    const taps = await measureMenuTaps(`${ours.url}/`, TAPS);
    const line = (label: string, values: number[]) =>
      console.log(
        `${label.padEnd(46)} ${values.map((value) => value.toFixed(0)).join(', ')} ms; ` +
          `mediana ${median(values).toFixed(0)} ms`,
      );
    line(
      'primeiro toque (ilha ainda não hidratada)',
      taps.map((tap) => tap.firstMs),
    );
    line(
      'toque com a ilha já hidratada',
      taps.map((tap) => tap.hydratedMs),
    );

    console.log(
      '\nRolagem rápida até o formulário (8.000 px/s, com a roda do mouse) e toque no campo "Nome" assim que' +
        ` ela para, CPU 4× mais lenta (${TAPS} páginas novas); da entrada ao quadro seguinte` +
        ' (Event Timing; 0 = abaixo de 16 ms)',
    );
    const scrollTaps = await measureScrollTaps(`${ours.url}/`, TAPS);
    // The same fling and tap on a page as long with a bare field at its foot, same headers: the
    // machine's floor at this moment.
    const control = await serveControl();
    const controlTaps = await measureScrollTaps(`${control.url}/rolagem`, TAPS).finally(() => control.stop());
    line(
      'toque no campo depois da rolagem',
      scrollTaps.map((sample) => sample.tapMs),
    );
    line(
      '  no controle (mesma altura, um campo)',
      controlTaps.map((sample) => sample.tapMs),
    );
    const worstTap = scrollTaps.reduce((a, b) => (b.tapMs > a.tapMs ? b : a)).worst;
    const missed = scrollTaps.reduce((sum, sample) => sum + sample.missed, 0);
    console.log(
      `${'  o pior'.padEnd(46)} ${worstTap.name}: atraso ${worstTap.delay.toFixed(0)} ms,` +
        ` handlers ${worstTap.processing.toFixed(0)} ms` +
        (missed ? `; ${missed} página(s) refeita(s): rolagem fora do alvo` : ''),
    );
    const under = scrollTaps.filter((sample) => sample.tapMs < TARGETS.tapMs).length;
    const [site, floor] = [scrollTaps, controlTaps].map((samples) => median(samples.map((sample) => sample.tapMs)));
    console.log(
      `meta: toque < ${TARGETS.tapMs} ms em cada página — ${under} de ${scrollTaps.length}, ` +
        `${met(under === scrollTaps.length)}; mediana ${site!.toFixed(0)} ms, controle ${floor!.toFixed(0)} ms ` +
        `(site − controle ${(site! - floor!).toFixed(0)} ms)`,
    );

    console.log(
      '\nFormulário: toque em "Solicitar cotação", três campos digitados e "Enviar", CPU 4× mais lenta' +
        ` (${TAPS} páginas novas de cada modo); a interação mais longa, da entrada ao quadro seguinte` +
        ' (Event Timing, como o INP; 0 = abaixo de 16 ms)',
    );
    const forms = await measureFormInteractions(`${ours.url}/`, TAPS);
    for (const [mode, samples] of [
      ['ilha acordando', forms.arriving],
      ['ilha já hidratada', forms.live],
    ] as const) {
      line(
        `toque em "Solicitar cotação", ${mode}`,
        samples.map((sample) => sample.ctaMs),
      );
      line(
        `mais longa no formulário, ${mode}`,
        samples.map((sample) => sample.longestMs),
      );
      line(
        '  toque em "Enviar"',
        samples.map((sample) => sample.submitMs),
      );
      const worst = samples.reduce((a, b) => (b.longestMs > a.longestMs ? b : a)).longest;
      const slow = samples.map((sample) => `${sample.slow}/${sample.inputs}`).join(', ');
      console.log(
        `${'  a pior'.padEnd(46)} ${worst.name}: atraso ${worst.delay.toFixed(0)} ms,` +
          ` handlers ${worst.processing.toFixed(0)} ms; interações ≥ 16 ms: ${slow}`,
      );
    }
  }
  measureLogText();
} finally {
  await ours.stop();
}
