/** Koa-style composition: each middleware is `async (ctx, next)` and may run code after `next()`. */
export function compose(middlewares) {
  return function run(ctx) {
    let last = -1;
    function dispatch(index) {
      if (index <= last) return Promise.reject(new Error('next() called more than once'));
      last = index;
      const middleware = middlewares[index];
      if (!middleware) return Promise.resolve();
      try {
        return Promise.resolve(middleware(ctx, () => dispatch(index + 1)));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return dispatch(0);
  };
}
