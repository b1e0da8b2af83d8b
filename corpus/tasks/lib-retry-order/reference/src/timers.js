import { abortReason, onAbort } from './abort.js';

/** Waits `ms` milliseconds; an aborted signal ends the wait early by rejecting with its reason. */
export function sleep(ms, { signal } = {}) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const stop = onAbort(signal, (reason) => {
      clearTimeout(timer);
      reject(reason);
    });
    const timer = setTimeout(() => {
      stop();
      resolve();
    }, ms);
  });
}
