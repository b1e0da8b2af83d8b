/** One line per request when `accessLog` is on (npm start); silent in tests. */
export function accessLog(config) {
  return async (ctx, next) => {
    if (!config.accessLog) return next();
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(`${ctx.method} ${ctx.path} ${ctx.status} ${ms.toFixed(1)}ms ${ctx.state.requestId ?? ''}`);
    }
  };
}
