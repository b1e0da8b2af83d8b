/**
 * Whole seconds from `now` until `until` (both epoch milliseconds), never negative.
 * Rounded up: a client that waits this long must reach `until`.
 */
export function secondsUntil(until, now) {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Epoch milliseconds to the epoch second at or after that instant. */
export function toEpochSeconds(ms) {
  return Math.ceil(ms / 1000);
}
