/**
 * Chains `(req, res, next)` middleware; the last entry may ignore `next`.
 * Returns an async `(req, res)` handler.
 */
export function compose(middleware) {
  return function handle(req, res) {
    let index = -1;
    async function dispatch(i) {
      if (i <= index) throw new Error('next() called more than once');
      index = i;
      const fn = middleware[i];
      if (!fn) return;
      await fn(req, res, () => dispatch(i + 1));
    }
    return dispatch(0);
  };
}
