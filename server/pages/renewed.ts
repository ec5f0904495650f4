// A value made anew at most about once a period and shared meanwhile: the stamped page of the moment
// (form-stamp.ts) and the content read from the database (live-content.ts). Made when first asked,
// not on a timer, so an idle process does no work.

/**
 * The value made at the latest call no older than `servesMs`, else one made now. Once the current
 * one is `renewAfterMs` old its successor is begun, so that under steady calls it is ready before
 * it is needed and no caller waits. A clock set back makes one anew: a value is never younger
 * than the call it answers.
 */
export function renewed<T>(servesMs: number, renewAfterMs: number, make: (now: number) => Promise<T>) {
  type Made = { at: number; value: Promise<T> };
  const begin = (now: number): Made => {
    const value = make(now);
    // The callers that await it see a failure; a successor dropped unawaited must not crash the process.
    value.catch(() => {});
    return { at: now, value };
  };
  const serves = (made: Made | undefined, now: number): made is Made =>
    made !== undefined && now >= made.at && now - made.at < servesMs;
  let current: Made | undefined;
  let next: Made | undefined;
  return (): Promise<T> => {
    const now = Date.now();
    if (!serves(current, now)) {
      current = serves(next, now) ? next : begin(now);
      next = undefined;
    } else if (!next && now - current.at >= renewAfterMs) next = begin(now);
    return current.value;
  };
}
