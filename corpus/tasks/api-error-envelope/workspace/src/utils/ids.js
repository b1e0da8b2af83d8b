import { randomBytes } from 'node:crypto';

/** Short prefixed ids like `ln-9f2c1a`; the prefix tells staff what kind of record it is. */
export function newId(prefix) {
  return `${prefix}-${randomBytes(3).toString('hex')}`;
}

export function newToken(prefix) {
  return `tok-${prefix}-${randomBytes(8).toString('base64url')}`;
}
