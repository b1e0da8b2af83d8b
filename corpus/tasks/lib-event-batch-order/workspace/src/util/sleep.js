/** Resolves after `ms`; a zero delay still yields to the event loop once. */
export const sleep = (ms) => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
