import { randomUUID } from 'node:crypto';

/** Gives every request an id, returned as `Request-Id` so merchants can quote it to support. */
export function requestId() {
  return async (ctx, next) => {
    ctx.state.requestId = `req_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    ctx.responseHeaders['request-id'] = ctx.state.requestId;
    await next();
  };
}
