/** The clock is injected so expiry can be reasoned about without waiting. */
export const systemClock = {
  now: () => Date.now(),
};
