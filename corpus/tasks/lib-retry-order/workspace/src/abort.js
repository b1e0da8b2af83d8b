/** The reason a signal was aborted with, as an Error (AbortController.abort() gives a DOMException). */
export function abortReason(signal) {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

export function throwIfAborted(signal) {
  if (signal?.aborted) throw abortReason(signal);
}

/**
 * Calls `onAbort` once if `signal` aborts; returns a function that stops listening, so
 * long-lived signals do not collect listeners from finished work.
 */
export function onAbort(signal, onAbort) {
  if (!signal) return () => {};
  const listener = () => onAbort(abortReason(signal));
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}
