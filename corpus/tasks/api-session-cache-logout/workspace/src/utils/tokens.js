import { randomBytes } from 'node:crypto';

/** Opaque bearer tokens: 48 random bytes, URL-safe. */
export function newToken() {
  return randomBytes(48).toString('base64url');
}
