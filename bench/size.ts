// `npm run size`: the page's weight as served, against its budgets (docs/performance.md).
import { LANDING_BUDGET } from '../server/pages/page-budget';
import { measureSizes } from './size-report';

const shown = (bytes: number) => `${bytes.toLocaleString('pt-BR')} B`;
let over = false;
const rows = await measureSizes();
for (const { name, bytes, budget } of rows) {
  const ok = bytes <= budget;
  over ||= !ok;
  console.log(`${ok ? 'ok   ' : 'ACIMA'} ${name.padEnd(62)} ${shown(bytes).padStart(10)} / ${shown(budget)}`);
}
// The room the next features have on "/", besides what is reserved for them (server/pages/page-budget.ts).
const whole = rows.find((row) => row.name.includes('inteiro'))!;
const { ownerContentBytes } = LANDING_BUDGET.reserve;
console.log(
  `\n/ inteiro: ${shown(LANDING_BUDGET.totalBytes - whole.bytes)} livres na 1ª ida e volta ` +
    `(${shown(LANDING_BUDGET.totalBytes)}), dos quais ${shown(ownerContentBytes)} reservados ao conteúdo ` +
    'do dono no tamanho do atual',
);
process.exitCode = over ? 1 : 0;
