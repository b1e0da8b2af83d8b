import { addHours } from '../utils/clock.js';

/**
 * In-memory idempotency entries: `in_progress` from the first request until its answer is
 * known, then `completed` with the saved response, until they expire.
 */
export function createIdempotencyStore({ clock, idempotencyTtlHours }) {
  const entries = new Map();

  function lookup(scope) {
    const entry = entries.get(scope);
    if (entry && entry.expiresAt <= clock.now()) {
      entries.delete(scope);
      return undefined;
    }
    return entry;
  }

  return {
    lookup,
    begin(scope, fingerprint) {
      entries.set(scope, { state: 'in_progress', fingerprint, expiresAt: addHours(clock.now(), idempotencyTtlHours) });
    },
    complete(scope, response) {
      const entry = entries.get(scope);
      if (entry) Object.assign(entry, { state: 'completed', response });
    },
    release(scope) {
      entries.delete(scope);
    },
  };
}
