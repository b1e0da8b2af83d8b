import { createHash } from 'node:crypto';

/**
 * Backend key for `key` in `namespace`. Keys are digested: session tokens are secrets and must
 * not show up in a cache dump or a Redis MONITOR, and digests keep key length bounded.
 */
export function backendKey(namespace, key) {
  const digest = createHash('sha256').update(String(key)).digest('base64url');
  return `${namespace}:${digest}`;
}
