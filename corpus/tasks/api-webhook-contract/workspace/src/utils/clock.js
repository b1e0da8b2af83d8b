/** Milliseconds since the epoch; injected so signature tolerance can be tested without waiting. */
export const systemClock = {
  now: () => Date.now(),
};
