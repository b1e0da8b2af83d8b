/**
 * An in-memory key/value backend with per-entry expiry, shaped like the small subset of Redis
 * the caches use (GET, SET PX, DEL) so it can be replaced without touching the caches.
 * Keys are strings.
 */
export function createMemoryBackend(clock) {
  const entries = new Map();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= clock.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: clock.now() + ttlMs });
    },
    delete(key) {
      return entries.delete(key);
    },
    size() {
      return entries.size;
    },
  };
}
