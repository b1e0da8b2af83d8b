import { timingSafeEqual } from 'node:crypto';
import { config } from '../config.js';
import { UnauthenticatedError } from '../http/errors.js';

function sameKey(given, expected) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Wraps a handler so only the staff desk app (X-Staff-Key) reaches it. */
export function requireStaff(handler) {
  return async (ctx) => {
    const key = ctx.req.headers['x-staff-key'];
    if (typeof key !== 'string' || !sameKey(key, config.staffKey)) throw new UnauthenticatedError('A valid staff key is required');
    return handler(ctx);
  };
}
