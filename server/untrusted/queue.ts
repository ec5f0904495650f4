// The files waiting for a child (docs/decisions/052-untrusted-files.md): bounded per address and
// in all, and served smallest first, each file's size less what it has waited. An honest CV of a
// few KB passes the large files queued before it, whoever sent them; a large one waits behind small
// ones at most its size's seconds (1 MB a second). Checking a file costs about its size (every
// stream decoded within a budget), so this is near "shortest first" without letting one starve.

/** Files one address may have queued or being judged at once: a few, since a mobile network puts
 * thousands of phones behind one address (CGNAT). */
export const PER_ADDRESS = 6;
/** Files waiting in all, beyond those being judged. */
export const MAX_WAITING = 24;
/** How long a file may wait for a child before it is answered "busy", well inside the proxy's 20 s. */
export const MAX_WAIT_MS = 10_000;
/** How much a file's place improves for each millisecond it has waited. */
const BYTES_PER_MS = (1024 * 1024) / 1000;

export type Waiting = { from: string; bytes: number; queuedAt: number };

/** Whether one more file from `from` may queue, with `queued` waiting and `judging` being judged. */
export function admits(queued: readonly Waiting[], judging: readonly Waiting[], from: string) {
  if (queued.length >= MAX_WAITING) return false;
  const mine = [...queued, ...judging].filter((file) => file.from === from).length;
  return mine < PER_ADDRESS;
}

/** The index, in `queued`, of the file to judge next at `now`. */
export function nextIndex(queued: readonly Waiting[], now: number) {
  let best = 0;
  const place = ({ bytes, queuedAt }: Waiting) => bytes - (now - queuedAt) * BYTES_PER_MS;
  for (let n = 1; n < queued.length; n++) if (place(queued[n]!) < place(queued[best]!)) best = n;
  return best;
}
