// `npm run size`: the page's weight as served, against its budgets (issue: performance).
import { measureSizes } from './size-report';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let over = false;
for (const { name, bytes, budget } of await measureSizes()) {
  const ok = bytes <= budget;
  over ||= !ok;
  console.log(`${ok ? 'ok   ' : 'ACIMA'} ${name.padEnd(40)} ${kb(bytes).padStart(9)} / ${kb(budget)}`);
}
process.exitCode = over ? 1 : 0;
