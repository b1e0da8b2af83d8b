import { readBody } from '../http/body.js';
import { invalidRequest } from '../http/errors.js';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Parses JSON request bodies into `ctx.body` (an empty body is `{}`). */
export function jsonBody(config) {
  return async (ctx, next) => {
    if (!WITH_BODY.has(ctx.method)) return next();
    const text = await readBody(ctx.req, config.bodyLimitBytes);
    if (text.trim() === '') {
      ctx.body = {};
    } else {
      try {
        ctx.body = JSON.parse(text);
      } catch {
        throw invalidRequest('Invalid JSON in request body.');
      }
      if (!ctx.body || typeof ctx.body !== 'object' || Array.isArray(ctx.body)) {
        throw invalidRequest('The request body must be a JSON object.');
      }
    }
    await next();
  };
}
