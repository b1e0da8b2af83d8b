/**
 * Least-recently-used store of serialised GET answers, keyed by path plus query string
 * (see `cacheKey`). Entries are `{ payload, etag }`.
 */
export function createResponseCache({ maxEntries = 1000 } = {}) {
  const entries = new Map();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      // Re-insert so Map order tracks recency.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    set(key, entry) {
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value);
    },

    /** Drops every cached answer for `path`, whatever query string it was asked with. */
    invalidatePath(path) {
      for (const key of [...entries.keys()]) {
        if (key === path || key.startsWith(`${path}?`)) entries.delete(key);
      }
    },

    get size() {
      return entries.size;
    },
  };
}

export function cacheKey(url) {
  return url.pathname + url.search;
}
