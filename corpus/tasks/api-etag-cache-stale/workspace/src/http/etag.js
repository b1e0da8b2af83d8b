import { createHash } from 'node:crypto';

/** A strong validator derived from the exact bytes sent. */
export function etagOf(payload) {
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
}

/** True when an If-None-Match header lists this ETag (or is `*`). */
export function matchesIfNoneMatch(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, '')).includes(etag);
}
