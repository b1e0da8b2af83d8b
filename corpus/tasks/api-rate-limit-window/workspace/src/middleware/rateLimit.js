import { sendError } from '../utils/http.js';
import { secondsUntil, toEpochSeconds } from '../utils/time.js';

/**
 * Fixed-window rate limiting per client key.
 *
 * The store owns the windows; this middleware only decides whether the
 * request fits in the quota and reports the quota in response headers.
 */
export function rateLimit({ store, limit, windowMs, now, appliesTo = () => true }) {
  return async (req, res, next) => {
    if (!appliesTo(req)) return next();

    const at = now();
    const { hits, resetAt } = store.hit(req.clientKey, at, windowMs);

    res.setHeader('X-RateLimit-Limit', String(limit));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - hits)));
    res.setHeader('X-RateLimit-Reset', String(toEpochSeconds(resetAt)));

    if (hits > limit) {
      res.setHeader('Retry-After', String(secondsUntil(resetAt, at)));
      return sendError(res, 429, 'rate_limited', `Rate limit of ${limit} requests exceeded; try again later`);
    }
    return next();
  };
}
