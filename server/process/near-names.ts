/**
 * Damerau–Levenshtein distance (adjacent swaps count one): how many keystrokes turn one name into
 * the other. Typos are mostly one letter missed, doubled, swapped or wrong.
 */
function distance(a: string, b: string) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/**
 * Each variable of `env` that the site does not read but that is a typo's distance from one it does
 * (`ADMIN_TOKN`, `DATABSE_URL`, `SMTP_URI`, `port`), with the name it likely meant. At most two edits,
 * and one for names under eight letters, so that the environment's own names (HOSTNAME, HOME, PWD)
 * are never taken for ours.
 */
export function nearNames(env: NodeJS.ProcessEnv, known: readonly string[]) {
  const misspelt: { given: string; meant: string }[] = [];
  for (const given of Object.keys(env)) {
    if (known.includes(given)) continue;
    const upper = given.toUpperCase();
    const allowed = upper.length < 8 ? 1 : 2;
    let best: { meant: string; edits: number } | undefined;
    for (const meant of known) {
      const edits = distance(upper, meant);
      if (edits <= allowed && (!best || edits < best.edits)) best = { meant, edits };
    }
    if (best) misspelt.push({ given, meant: best.meant });
  }
  return misspelt;
}
