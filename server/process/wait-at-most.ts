/** Resolves when `work` settles or after `timeoutMs`, whichever comes first; the timer never outlives it. */
export async function waitAtMost(work: Promise<unknown> | undefined, timeoutMs: number) {
  let bound: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (bound = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(bound);
}
