// The landing page's targets, each against the control taken beside it (bench/control-page.ts),
// on a quiet machine: printed, met or not, by `npm run lighthouse` and `npm run bench`
// (docs/performance.md, "Budgets, targets and the latest figures").
export const TARGETS = {
  /** Lighthouse's TBT, median of a set: at most the control's median plus this. */
  tbtOverControlMs: 50,
  /** Lighthouse's LCP, median of a set: at most the control's median times this. */
  lcpOverControl: 1.15,
  /** Lighthouse's performance score, in every run. */
  score: 100,
  /** The first tap after a fast scroll to the form, CPU 4× slower: under this on every page. */
  tapMs: 100,
} as const;

/** A target's outcome, as the scripts print it. */
export const met = (ok: boolean) => (ok ? 'cumprida' : 'NÃO cumprida');

/** A ratio as the reports write it: two decimals, a decimal comma. */
export const ratio = (value: number) => value.toFixed(2).replace('.', ',');
