/** Time is read through a clock (`now()` in epoch milliseconds) so tests can move it. */
export const systemClock = { now: () => Date.now() };

const MS_PER_SECOND = 1000;
const SECONDS_PER_HOUR = 60 * 60;

/** Epoch seconds, the unit of `created` in API objects. */
export function toUnixSeconds(ms) {
  return Math.floor(ms / MS_PER_SECOND);
}

/** `ms` plus a number of hours, in epoch milliseconds. */
export function addHours(ms, hours) {
  return ms + hours * SECONDS_PER_HOUR * MS_PER_SECOND;
}
