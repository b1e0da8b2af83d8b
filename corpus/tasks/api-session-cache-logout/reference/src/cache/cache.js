import { backendKey } from './keys.js';

/**
 * A namespaced read-through cache over a shared backend. Values are cached for `ttlMs`;
 * `invalidate` drops a key so the next read goes back to the source.
 */
export function createCache(backend, { namespace, ttlMs }) {
  return {
    get(key) {
      return backend.get(backendKey(namespace, key));
    },

    set(key, value) {
      backend.set(backendKey(namespace, key), value, ttlMs);
    },

    /** Returns the cached value, or loads it, caches it (unless undefined) and returns it. */
    wrap(key, load) {
      const cached = this.get(key);
      if (cached !== undefined) return cached;
      const value = load();
      if (value !== undefined) this.set(key, value);
      return value;
    },

    invalidate(...keys) {
      for (const key of keys) backend.delete(backendKey(namespace, key));
    },
  };
}
