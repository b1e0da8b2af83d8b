/** A namespaced key for in-memory caches: cacheKey('idem', 'acct_1', 'abc') → 'idem:acct_1:abc'. */
export function cacheKey(namespace, ...parts) {
  return [namespace, ...parts.map((part) => String(part))].join(':');
}
