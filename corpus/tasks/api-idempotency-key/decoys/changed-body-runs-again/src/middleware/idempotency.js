import { ApiError, invalidRequest } from '../http/errors.js';
import { respond } from '../http/response.js';
import { fingerprint } from '../idempotency/fingerprint.js';
import { isSavedStatus } from '../idempotency/policy.js';
import { cacheKey } from '../utils/cache-key.js';

const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

function replay(ctx, saved) {
  respond(ctx, saved.status, JSON.parse(saved.body));
  ctx.responseHeaders['idempotent-replayed'] = 'true';
}

/**
 * Makes POST requests with an `Idempotency-Key` run at most once per key (docs/idempotency.md):
 * a retry with the same parameters replays the saved response.
 */
export function idempotency(store) {
  return async (ctx, next) => {
    const key = ctx.headers['idempotency-key'];
    if (ctx.method !== 'POST' || key === undefined) return next();
    if (!VALID_KEY.test(key)) throw invalidRequest('Idempotency-Key must be 1-255 printable ASCII characters.', 'Idempotency-Key');

    const scope = cacheKey('idem', ctx.state.account.id, key);
    const requestFingerprint = fingerprint(ctx);
    const existing = store.lookup(scope);
    // Different parameters are a different request: run it and remember the new answer instead.
    if (existing && existing.fingerprint === requestFingerprint) {
      if (existing.state === 'in_progress') {
        throw new ApiError(409, 'idempotency_conflict', 'A request with this idempotency key is still being processed. Retry later.');
      }
      replay(ctx, existing.response);
      return;
    }

    store.begin(scope, requestFingerprint);
    try {
      await next();
    } catch (err) {
      // A card decline is thrown but is still an answer worth saving.
      if (err instanceof ApiError && isSavedStatus(err.status)) {
        store.complete(scope, { status: err.status, body: JSON.stringify(err.toBody()) });
      } else {
        store.release(scope);
      }
      throw err;
    }
    if (isSavedStatus(ctx.status)) store.complete(scope, { status: ctx.status, body: JSON.stringify(ctx.response) });
    else store.release(scope);
  };
}
