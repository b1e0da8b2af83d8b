/** Whole seconds from `now` until `until` (both epoch milliseconds), never negative. */
export function secondsUntil(until, now) {
  return Math.max(0, Math.round((until - now) / 1000));
}

/** Epoch milliseconds to the epoch second at or after that instant. */
export function toEpochSeconds(ms) {
  return Math.ceil(ms / 1000);
}
