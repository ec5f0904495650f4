/**
 * The slowest an export may be taken, on average: 64 KB/s (512 kbit/s), a 33 MB export in 9 min.
 * nginx has no such floor, only send_timeout (a gap between two writes), and neither had we: a client
 * that took a trickle of bytes, enough for a batch every 14 s, held one of the few export places for
 * as long as it liked (docs/requirements.md §10.16). An admin's download on any working link is far faster; and behind
 * a megabyte of socket buffers (a proxy on the same machine), a reader slower than about 70 KB/s
 * already went 15 s without a batch and was cut.
 */
const MIN_BYTES_PER_S = 64 * 1024;
/**
 * The credit a client may bank, and so how long one that stops taking keeps its place. The first
 * megabytes go into the sockets' buffers at once, whether the client reads or not: without a cap
 * they would buy a stalled client minutes.
 */
const CREDIT_MS = 15_000;

/**
 * A minimum send rate for one response: each byte the response takes buys 1/MIN_BYTES_PER_S of a
 * second, at most CREDIT_MS ahead of now, and `onSlow` is called once the time bought runs out.
 * A client slower than the floor falls behind and is cut; one that stops is cut CREDIT_MS after
 * its last batch.
 */
export function sendRateFloor(onSlow: () => void) {
  let deadline = Date.now() + CREDIT_MS;
  let timer = setTimeout(check, CREDIT_MS);
  function check() {
    const left = deadline - Date.now();
    if (left > 0) timer = setTimeout(check, left);
    else onSlow();
  }
  return {
    /** The response took `bytes` more. */
    took(bytes: number) {
      deadline = Math.min(deadline + (bytes * 1000) / MIN_BYTES_PER_S, Date.now() + CREDIT_MS);
    },
    stop: () => clearTimeout(timer),
  };
}

/** A cut export's place is free within CREDIT_MS; a reading one ends sooner. */
export const RETRY_AFTER_S = 10;
