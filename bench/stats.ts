// What the abuse benches (body-flood, slowloris) print their timings with.

export const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

/** The value at fraction `p` of values already sorted ascending (p50 is 0.5), or undefined if none. */
export const percentile = (sorted: number[], p: number): number | undefined =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export const ms = (value = Number.NaN) => `${value.toFixed(0)} ms`;
