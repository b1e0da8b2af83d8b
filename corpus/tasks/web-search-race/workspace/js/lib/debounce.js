/**
 * Delays calls to `fn` until `wait` ms passed without another call; the last
 * arguments win. `cancel()` drops a pending call.
 */
export function debounce(fn, wait) {
  let timer = null;
  function debounced(...args) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...args);
    }, wait);
  }
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = null;
  };
  return debounced;
}
