/**
 * Memoizes a one-argument function by a key derived from its argument: while
 * `keyOf(arg)` returns the same key as last time, the last result is returned
 * without calling `fn`. Only the most recent key is kept.
 */
export function memoizeLast(fn, keyOf = (arg) => arg) {
  let hasResult = false;
  let lastKey;
  let lastResult;
  return (arg) => {
    const key = keyOf(arg);
    if (hasResult && Object.is(key, lastKey)) return lastResult;
    lastKey = key;
    lastResult = fn(arg);
    hasResult = true;
    return lastResult;
  };
}
