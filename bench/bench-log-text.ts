// The log's escaping (server/http/log-text.ts), for `npm run bench`: what it costs a well-behaved
// request, whose strings hold no control character, and a hostile one, whose user agent is cut and
// escaped. In the process, no server: a request's HTTP figures cannot show a microsecond.
import { performance } from 'node:perf_hooks';
import { loggedPath, loggedText } from '../server/http/log-text';

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const HOSTILE_AGENT = `curl/8.5 \u009b31m\u0085${'\u001b[2J'.repeat(400)}`;
const ROUNDS = 5;
const CALLS = 200_000;

/** Nanoseconds per call of `work` over CALLS calls, the median of ROUNDS (the first warms the JIT). */
function nsPerCall(work: (n: number) => unknown) {
  const rounds: number[] = [];
  let sink = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    const started = performance.now();
    for (let n = 0; n < CALLS; n++) sink += (work(n) as string).length;
    if (round > 0) rounds.push(((performance.now() - started) * 1e6) / CALLS);
  }
  if (sink === 0) throw new Error('nada medido');
  return rounds.sort((a, b) => a - b)[ROUNDS >> 1]!;
}

/** Prints the cost of one request's logged strings: its path, user agent and address. */
export function measureLogText() {
  // A path per call, as each request has its own: a constant one could be folded away.
  const paths = Array.from({ length: 64 }, (_, n) => `/api/contacts?page=${n}`);
  const cases: [string, (n: number) => unknown][] = [
    [
      'caminho, agente de celular e endereço',
      (n) => loggedPath(paths[n & 63]!) + loggedText(PHONE_AGENT) + loggedText('203.0.113.7'),
    ],
    ['  só o corte, sem o teste de controles', (n) => paths[n & 63]!.slice(0, 512) + PHONE_AGENT.slice(0, 512)],
    ['agente hostil (C1, ESC, 3 KB): cortado e escapado', () => loggedText(HOSTILE_AGENT)],
  ];
  console.log(`\nEscape do log por requisição (server/http/log-text.ts), no processo, mediana de ${ROUNDS} rodadas`);
  for (const [name, work] of cases) console.log(`${name.padEnd(52)} ${nsPerCall(work).toFixed(0).padStart(6)} ns`);
}
